import path from 'node:path';
import { openDatabase } from './db/client';
import { readEnv } from './env';
import { moveDocuments, sweepOrphans, verifyDocuments } from './providers/storage/document-moves';
import { s3Bucket } from './providers/storage/s3-bucket';

const USAGE = 'usage: storage move --to s3|database | storage verify | storage sweep';

/** The command line as the storage command reads it; undefined when it makes no sense. */
export function parseStorageCommand(
  args: readonly string[],
): { action: 'move'; to: 's3' | 'database' } | { action: 'verify' | 'sweep' } | undefined {
  const [action, ...rest] = args;
  if (action === 'move' && rest.length === 2 && rest[0] === '--to' && (rest[1] === 's3' || rest[1] === 'database'))
    return { action, to: rest[1] };
  if ((action === 'verify' || action === 'sweep') && rest.length === 0) return { action };
  return undefined;
}

/**
 * `npm run storage:move -- --to s3|database`, `npm run storage:verify`, `npm run storage:sweep`: moves the
 * documents between the database and the bucket of S3_URL, checks every document in both places, or removes the
 * bucket's objects no row points at. Prints counts; exits 1 when a document failed its check.
 */
async function main() {
  const command = parseStorageCommand(process.argv.slice(2));
  if (!command) throw new Error(USAGE);
  const env = readEnv();
  const bucket = env.S3_URL && s3Bucket(env.S3_URL);
  if (!bucket && command.action !== 'verify') throw new Error('S3_URL must name the bucket');
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) },
  );
  try {
    let failed = 0;
    if (command.action === 'move') {
      for (const [name, count] of Object.entries(await moveDocuments(database.db, bucket!, command.to))) {
        console.log(
          `${name}: ${count.moved} moved to ${command.to}, ${count.skipped} changed meanwhile (left), ${count.failed.length} failed`,
        );
        for (const id of count.failed) console.log(`  failed its SHA-256 check, left where it was: ${id}`);
        failed += count.failed.length;
      }
    } else if (command.action === 'verify') {
      for (const [name, count] of Object.entries(await verifyDocuments(database.db, bucket || undefined))) {
        console.log(
          `${name}: ${count.inDatabase} in the database, ${count.inBucket} in the bucket, ${count.mismatches.length} mismatches`,
        );
        for (const id of count.mismatches) console.log(`  missing or not matching its SHA-256: ${id}`);
        failed += count.mismatches.length;
      }
    } else {
      const { deleted } = await sweepOrphans(database.db, bucket!, new Date());
      console.log(`${deleted} objects without a row deleted`);
    }
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    bucket?.close();
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}
