import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverDir } from '../src/server-dir';
import { createPostgresDatabase, type TestDatabaseTarget } from './helpers';

export const MIGRATIONS = path.join(serverDir, 'src/db/migrations');

/** A copy of the migrations folder that ends just before the migration `tag`; the caller removes it. */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** A fresh empty database of the target, migrated by hand: raw SQL and the migrator on a given folder. */
export async function emptyDatabase(target: TestDatabaseTarget) {
  if (target.kind === 'pglite-memory') {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return {
      query: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows,
      migrate: (migrationsFolder: string) => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const created = await createPostgresDatabase(target.serverUrl);
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  const db = drizzlePg(client);
  return {
    query: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (migrationsFolder: string) => migratePg(db, { migrationsFolder }),
    close: async () => {
      await client.end();
      await created.drop();
    },
  };
}
