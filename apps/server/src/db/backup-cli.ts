import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { backupDataDir, restoreDataDir } from './backup';

const USAGE = `Usage:
  npm run backup -- [--data-dir DIR] [--out FILE]
  npm run restore -- FILE [--data-dir DIR] [--force]
DIR defaults to DATA_DIR (else ./data); FILE of a backup defaults to portal-backup-<time>.sql.
Relative paths are read from the portal's directory, as npm runs its scripts there.
Stop the portal on DIR first. On PostgreSQL (DATABASE_URL) use pg_dump and pg_restore instead.`;

const timestamp = (now: Date) => now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** `backup` or `restore` of the embedded database, as `npm run backup` / `npm run restore` call it. */
async function main(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const env = readEnv();
  if (env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: this portal runs on PostgreSQL; back it up with pg_dump instead.');
  }
  const dataDir = path.resolve(values['data-dir'] ?? env.DATA_DIR);
  const now = new Date();
  if (command === 'backup' && positionals.length === 0) {
    const outFile = path.resolve(values.out ?? `portal-backup-${timestamp(now)}.sql`);
    const { bytes } = await backupDataDir(dataDir, outFile);
    return `Backed up ${dataDir} to ${outFile} (${bytes} bytes).`;
  }
  if (command === 'restore' && positionals.length === 1 && values.out === undefined) {
    const dumpFile = path.resolve(positionals[0]!);
    const { keptAside } = await restoreDataDir(readFileSync(dumpFile, 'utf8'), dataDir, { force: values.force, now });
    const aside = keptAside ? ` The database it replaced is kept in ${keptAside}.` : '';
    return `Restored ${dumpFile} into ${dataDir}.${aside} The portal applies newer migrations when it starts.`;
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).then(
  (message) => process.stdout.write(`${message}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
