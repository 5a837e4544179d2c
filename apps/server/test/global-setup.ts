import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an embedded database with every migration applied and nothing else. */
    migratedPgliteSnapshot: string;
  }
}

/**
 * Migrates one embedded database for the whole run and keeps a snapshot of it, so each test database starts
 * from the snapshot (well under a second) instead of creating a cluster and migrating it again (seconds).
 */
export default async function setup(project: TestProject) {
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
  return () => rmSync(directory, { recursive: true, force: true });
}
