import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir, databaseDirOf, dumpDatabase, restoreDataDir } from '../src/db/backup';
import { acquireDataDirLock } from '../src/db/data-dir-lock';
import { signConsent } from './consent-helpers';
import { createPostgresDatabase, useTestApp, type TestApp } from './helpers';
import { withPgClient } from './postgres-databases';
import { signedInParticipant } from './participant-helpers';
import { COMPLETE_ANSWERS, saveAnswers, startRound, submitRound } from './survey-helpers';

const run = promisify(execFile);
const NOW = new Date('2026-03-01T12:00:00.000Z');
/** Creating an embedded database and loading a dump takes seconds, and several times that on a busy machine. */
const SLOW_MS = 120_000;

/** Row counts of every table of the portal's schemas, and each stored document's recorded and actual SHA-256. */
const FINGERPRINT_SQL = {
  tables: `select table_schema || '.' || table_name as name from information_schema.tables
           where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  documents: `select id, sha256, encode(sha256(content), 'hex') as actual from stored_files order by id`,
};
type Query = (text: string) => Promise<Record<string, unknown>[]>;
async function fingerprint(query: Query) {
  const counts: Record<string, number> = {};
  for (const { name } of await query(FINGERPRINT_SQL.tables)) {
    const [schema, table] = String(name).split('.');
    const [row] = await query(`select count(*)::int as n from "${schema}"."${table}"`);
    counts[String(name)] = Number(row!.n);
  }
  return { counts, documents: await query(FINGERPRINT_SQL.documents) };
}
const rowsOf = (dump: string) => dump.split('\n').filter((line) => line.startsWith('INSERT INTO '));
const pgliteQuery =
  (client: PGlite): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/** Two participants who signed consent (a signed PDF each), one with a submitted round, one halfway through. */
async function studyData(t: TestApp) {
  const first = await signedInParticipant(t);
  await signConsent(t, first.tokens.access_token);
  await submitRound(t, first.tokens.access_token);
  const second = await signedInParticipant(t);
  await signConsent(t, second.tokens.access_token);
  const responseId = await startRound(t, second.tokens.access_token, 'core');
  const firstPage = { 'kidney-disease-cause': COMPLETE_ANSWERS.core!['kidney-disease-cause'] };
  const saved = await saveAnswers(t, second.tokens.access_token, responseId, { answers: firstPage, pageNo: 1 });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('Backup and restore of the embedded database', () => {
  const testApp = useTestApp({ name: 'PGlite', kind: 'pglite-memory' }, { env: { CAPTCHA_ENABLED: 'false' } });
  let workDir: string;
  let dump: string;
  let original: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
    const t = testApp();
    await studyData(t);
    if (t.handle.jobs.kind !== 'pglite') throw new Error('an embedded database was expected');
    dump = await dumpDatabase(t.handle.jobs.client);
    original = await fingerprint(pgliteQuery(t.handle.jobs.client));
  }, SLOW_MS);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('keeps participants, signed consents, answers and the audit trail', () => {
    // The administrator, the demo participant and the two new ones; the default form in two languages and the
    // two signed copies; one round of three questionnaires and one started.
    expect(original.counts).toMatchObject({
      'public.users': 4,
      'public.consent_signatures': 2,
      'public.stored_files': 4,
      'public.survey_responses': 4,
      'public.audit_log': 13,
    });
    expect(original.documents.length).toBe(4);
    for (const document of original.documents) expect(document.actual).toBe(document.sha256);
    expect(dump).toMatch(/^-- PostgreSQL database dump/m);
    expect(dump).not.toMatch(/^SET transaction_timeout/m);
    expect(dump).not.toMatch(/OWNER TO|^GRANT /m);
  });

  it(
    'restores into a new data directory with every row and document, and backs that up to an owner-only file',
    async () => {
      const dataDir = path.join(workDir, 'restored');
      expect(await restoreDataDir(dump, dataDir, { force: false, now: NOW })).toEqual({ keptAside: undefined });
      expect(readdirSync(dataDir)).toEqual(['pglite']);
      const client = new PGlite(databaseDirOf(dataDir));
      try {
        expect(await fingerprint(pgliteQuery(client))).toEqual(original);
      } finally {
        await client.close();
      }

      const outFile = path.join(workDir, 'backup.sql');
      const { bytes } = await backupDataDir(dataDir, outFile);
      expect(statSync(outFile).size).toBe(bytes);
      expect(statSync(outFile).mode & 0o777).toBe(0o600);
      // The schema reads back in the restored database's own words; the rows are the same statements.
      expect(rowsOf(readFileSync(outFile, 'utf8'))).toEqual(rowsOf(dump));
      expect(rowsOf(dump).length).toBeGreaterThanOrEqual(40);
    },
    SLOW_MS,
  );

  it('refuses a directory the portal is running on, for backup and restore', async () => {
    const dataDir = path.join(workDir, 'in-use');
    mkdirSync(databaseDirOf(dataDir), { recursive: true });
    const release = acquireDataDirLock(dataDir);
    try {
      await expect(backupDataDir(dataDir, path.join(workDir, 'in-use.sql'))).rejects.toThrow(
        `This process is already using ${dataDir}; close it first.`,
      );
      await expect(restoreDataDir(dump, dataDir, { force: true, now: NOW })).rejects.toThrow(
        `This process is already using ${dataDir}; close it first.`,
      );
    } finally {
      release();
    }
    expect(readdirSync(workDir)).not.toContain('in-use.sql');
    expect(readdirSync(dataDir)).toEqual(['pglite']);
  });

  it(
    'refuses a directory that is not empty unless forced, and then keeps the replaced database aside',
    async () => {
      const dataDir = path.join(workDir, 'occupied');
      mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
      writeFileSync(path.join(dataDir, 'keys', 'token-signing.pem'), 'kept');
      await expect(restoreDataDir(dump, dataDir, { force: false, now: NOW })).rejects.toThrow(
        `${dataDir} is not empty; restore into a new directory, or add --force to replace its database.`,
      );
      expect(readdirSync(dataDir)).toEqual(['keys']);

      mkdirSync(databaseDirOf(dataDir));
      writeFileSync(path.join(databaseDirOf(dataDir), 'PG_VERSION'), 'the database before');
      const forced = await restoreDataDir(dump, dataDir, { force: true, now: new Date('2026-03-02T08:30:00.000Z') });
      expect(forced.keptAside).toBe(path.join(dataDir, 'pglite.before-restore-2026-03-02T08-30-00-000Z'));
      expect(readdirSync(dataDir).sort()).toEqual(['keys', 'pglite', 'pglite.before-restore-2026-03-02T08-30-00-000Z']);
      expect(readFileSync(path.join(forced.keptAside!, 'PG_VERSION'), 'utf8')).toBe('the database before');
      expect(readFileSync(path.join(dataDir, 'keys', 'token-signing.pem'), 'utf8')).toBe('kept');
      const client = new PGlite(databaseDirOf(dataDir));
      try {
        expect((await client.query('select count(*)::int as n from users')).rows).toEqual([{ n: 4 }]);
      } finally {
        await client.close();
      }
    },
    SLOW_MS,
  );

  it(
    'leaves nothing behind when a dump does not load',
    async () => {
      const dataDir = path.join(workDir, 'broken');
      const cut = dump.slice(0, dump.indexOf('INSERT INTO public.users') + 40);
      await expect(restoreDataDir(cut, dataDir, { force: false, now: NOW })).rejects.toThrow();
      expect(readdirSync(dataDir)).toEqual([]);
      const copy = `${dump}\nCOPY public.users (id) FROM stdin;\n\\.\n`;
      await expect(restoreDataDir(copy, dataDir, { force: false, now: NOW })).rejects.toThrow(
        'This dump loads rows with COPY; restore it with psql, or take it with `npm run backup`.',
      );
      expect(readdirSync(dataDir)).toEqual([]);
    },
    SLOW_MS,
  );

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.runIf(serverUrl)('loads into PostgreSQL with psql, stopping at the first error, with the same rows', async () => {
    const database = await createPostgresDatabase(serverUrl!);
    try {
      const file = path.join(workDir, 'for-psql.sql');
      writeFileSync(file, dump);
      await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', database.url, '-f', file]);
      const loaded = await withPgClient(database.url, async (client) =>
        fingerprint(async (text) => (await client.query<Record<string, unknown>>(text)).rows),
      );
      expect(loaded).toEqual(original);
    } finally {
      await database.drop();
    }
  });
});
