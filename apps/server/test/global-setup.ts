import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createPostgresDatabase } from './postgres-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an embedded database with every migration applied and nothing else. */
    migratedPgliteSnapshot: string;
    /** A PostgreSQL database (on TEST_DATABASE_URL's server) with every migration applied, to copy from. */
    migratedPostgresTemplate: string | undefined;
  }
}

/**
 * Migrates one embedded database for the whole run and keeps a snapshot of it, so each test database starts
 * from the snapshot (well under a second) instead of creating a cluster and migrating it again (seconds).
 * With TEST_DATABASE_URL, one migrated PostgreSQL database likewise serves as the template of every test one.
 */
export default async function setup(project: TestProject) {
  const template = await migratedPostgresTemplate();
  project.provide('migratedPostgresTemplate', template?.name);
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-snapshot-'));
  const file = path.join(directory, 'migrated.tar');
  const handle = await openDatabase({ kind: 'pglite-memory' });
  try {
    if (handle.jobs.kind !== 'pglite') throw new Error('an embedded database was expected');
    const snapshot = await handle.jobs.client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('migratedPgliteSnapshot', file);
  return async () => {
    rmSync(directory, { recursive: true, force: true });
    await template?.drop();
  };
}

async function migratedPostgresTemplate() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const database = await createPostgresDatabase(serverUrl);
  try {
    // Opening applies the migrations; closing leaves no connection, which copying a template requires.
    await (await openDatabase({ kind: 'postgres', url: database.url })).close();
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}
