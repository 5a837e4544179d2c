import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverDir } from '../server-dir';
import { pgliteChangeNotices, postgresChangeNotices, type ChangeNotices } from './change-notices';
import { PreparedPGlite } from './prepared-pglite';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

/** One type for both engines, so repositories never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a query runs on: the database itself or one of its transactions. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the job scheduler connects through: its own pool on PostgreSQL, the one embedded client on PGlite. */
export type JobsConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  jobs: JobsConnection;
  /** How server processes on this database tell one another that data they keep in memory changed. */
  changes: ChangeNotices;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `snapshot` (a `dumpDataDir` of another one) starts it with that content instead of empty. */
  | { kind: 'pglite-memory'; snapshot?: Blob };

const migrationsFolder = path.join(serverDir, 'src/db/migrations');
/** Key of the advisory lock that keeps two processes from migrating one PostgreSQL at once. */
const MIGRATION_LOCK_KEY = 724_731_001;

/** Opens the database and applies every committed migration before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  let releaseLock = () => {};
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(target.dataDir);
    client = new PreparedPGlite(path.join(target.dataDir, 'pglite'));
  } else {
    client = new PreparedPGlite(target.snapshot && { loadDataDir: target.snapshot });
  }
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const changes = await pgliteChangeNotices(client);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      jobs: { kind: 'pglite', client },
      changes,
      close: async () => {
        await changes.close();
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrationClient, { schema }), { migrationsFolder });
  } finally {
    await migrationClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await migrationClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, an administrator) is dropped by the pool and
  // replaced on the next query; without a listener, pg would raise its error and stop the whole process.
  pool.on('error', () => {});
  const changes = await postgresChangeNotices(url, (channel, topic) =>
    pool.query('select pg_notify($1, $2)', [channel, topic]),
  ).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    kind: 'postgres',
    jobs: { kind: 'postgres', url },
    changes,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
