import { createHash } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { expect } from 'vitest';
import type { TExportRun } from '@portal/shared/data-export/export-runs';
import { auditLog, users } from '../src/db/schema';
import { freshStartAt } from './auth-helpers';
import {
  EXPORT_NOW,
  insertAnswers,
  insertConsents,
  insertParticipants,
  insertVerifications,
  P1,
  P2,
  P3,
} from './data-export-helpers';
import type { TestApp } from './helpers';
import type { AdminCall } from './settings-helpers';

export const RUNS = '/data-export/runs';

/** Writes every queued run, as the export job of one server process does. */
export const runExportJob = (t: TestApp) => t.app.services.exportRuns.work(new AbortController().signal);

/** Asks for a run with the spec's body; answers the queued run after checking it was accepted (202). */
export async function startRun(admin: AdminCall, body: unknown): Promise<TExportRun> {
  const reply = await admin('POST', RUNS, { payload: body });
  expect(reply.statusCode, reply.body).toBe(202);
  return (reply.json() as { data: TExportRun }).data;
}

/** A done run's archive: checks the download's headers and the SHA-256 it states; answers its files as text. */
export async function downloadArchive(admin: AdminCall, runId: string) {
  const reply = await admin('GET', `${RUNS}/${runId}/archive`);
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.headers['content-type']).toBe('application/zip');
  expect(reply.headers['cache-control']).toBe('no-store');
  const bytes = reply.rawPayload;
  expect(Number(reply.headers['content-length'])).toBe(bytes.length);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  expect(reply.headers['x-content-sha256']).toBe(sha256);
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(bytes))).map(([path, content]) => [path, strFromU8(content)]),
  );
  return { sha256, bytes: bytes.length, fileName: String(reply.headers['content-disposition']), files };
}

/** A file's CSV records (CRLF endings), after the byte-order mark if it has one. */
export const csvRecords = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

/** An NDJSON file's resources. */
export const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The audit rows of one export run, by action. */
export async function runAudits(t: TestApp, runId: string) {
  const rows = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(and(like(auditLog.action, 'dataExport.%'), sql`${auditLog.details}->>'run' = ${runId}`));
  return Object.fromEntries(rows.map((row) => [row.action, row]));
}

/** Everything a run may hold, as the spec's body gives it, identified. */
export const EVERYTHING = {
  forms: [{ formKey: 'exit-interview', version: 2 }],
  registers: ['consent', 'verification', 'studyStatus'],
  formats: ['dataPackage', 'redcap', 'fhir'],
  deidentified: false,
};

/**
 * The small study: three participants (P2 and P3 withdrawn), answers in rounds 1 and 2 and a one-time survey,
 * a re-consent, verification records; each participant registered on a literal day, with a birth date, a postal
 * code and a phone number.
 */
export async function smallStudy(t: TestApp) {
  await freshStartAt(t, EXPORT_NOW);
  await insertParticipants(t, [P1]);
  await insertParticipants(t, [P2, P3], 'withdrawn');
  for (const [id, createdAt, birthDate, postalCode] of [
    [P1, '2026-03-01T12:00:00.000Z', '1936-04-15', '03601'],
    [P2, '2026-03-04T12:00:00.000Z', '1937-01-01', '90210-1234'],
    [P3, '2026-03-31T12:00:00.000Z', '1980-07-04', '60601'],
  ] as const)
    await t.db
      .update(users)
      .set({ createdAt: new Date(createdAt), birthDate, postalCode, country: 'USA', phoneNumber: '5550104477' })
      .where(eq(users.id, id));
  await insertAnswers(t);
  await insertConsents(t);
  await insertVerifications(t);
}
