import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { acquireDataDirLock } from './data-dir-lock';

/** The embedded database's files inside DATA_DIR (as `openDatabase` lays them out). */
export const databaseDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The embedded database's pg_dump sets `transaction_timeout`, a setting PostgreSQL has only since version 17;
 * its value there is the default (0), so leaving it out changes nothing and lets psql load the dump into
 * PostgreSQL 15 and 16 too.
 */
const NEWER_SERVER_SETTING = /^SET transaction_timeout = 0;\n/m;
/** A dump with COPY … FROM stdin needs psql to feed the rows; the embedded database reads only plain SQL. */
const COPY_FROM_STDIN = /^COPY .* FROM stdin;$/m;

/**
 * A plain SQL dump (pg_dump's own format, rows as INSERT statements, without owners or grants) of an open
 * embedded database: psql loads it into any PostgreSQL 15 or newer, and `restoreDump` into a new embedded one.
 */
export async function dumpDatabase(client: PGlite): Promise<string> {
  const file = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] });
  return (await file.text()).replace(NEWER_SERVER_SETTING, '');
}

/**
 * Writes a dump of the embedded database in `dataDir` to `outFile` (readable by its owner only: it holds
 * participants' data). The portal must not be running on that directory: its lock is taken for the dump.
 */
export async function backupDataDir(dataDir: string, outFile: string): Promise<{ bytes: number }> {
  const databaseDir = databaseDirOf(dataDir);
  if (!existsSync(databaseDir)) throw new Error(`There is no embedded database in ${dataDir}.`);
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const client = new PGlite(databaseDir);
    try {
      const dump = await dumpDatabase(client);
      const partial = `${outFile}.partial`;
      writeFileSync(partial, dump, { mode: 0o600 });
      renameSync(partial, outFile);
      return { bytes: Buffer.byteLength(dump) };
    } finally {
      await client.close();
    }
  } finally {
    releaseLock();
  }
}

/** Runs a dump in a new embedded database at `databaseDir`. */
export async function restoreDump(dump: string, databaseDir: string): Promise<void> {
  if (COPY_FROM_STDIN.test(dump)) {
    throw new Error('This dump loads rows with COPY; restore it with psql, or take it with `npm run backup`.');
  }
  const client = new PGlite(databaseDir);
  try {
    await client.exec(dump);
  } finally {
    await client.close();
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Loads a dump into the embedded database of `dataDir`, under the directory's lock (so not while the portal
 * runs on it). The database is built beside the target and moved into place only once it loaded whole. A
 * directory that is not empty is refused unless `force`; then its database is kept aside, renamed, never deleted,
 * and its other files (signing keys) stay.
 */
export async function restoreDataDir(
  dump: string,
  dataDir: string,
  options: { force: boolean; now: Date },
): Promise<{ keptAside?: string }> {
  if (!options.force && !isEmptyDir(dataDir)) {
    throw new Error(`${dataDir} is not empty; restore into a new directory, or add --force to replace its database.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  const building = path.join(dataDir, `pglite.restoring-${stamp}`);
  try {
    await restoreDump(dump, building);
    const databaseDir = databaseDirOf(dataDir);
    let keptAside: string | undefined;
    if (existsSync(databaseDir)) {
      keptAside = path.join(dataDir, `pglite.before-restore-${stamp}`);
      renameSync(databaseDir, keptAside);
    }
    renameSync(building, databaseDir);
    return { keptAside };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    releaseLock();
  }
}
