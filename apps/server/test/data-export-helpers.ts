import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auditLog,
  consentFormDocuments,
  consentForms,
  consentSignatures,
  consentWithdrawals,
  healthSystems,
  healthSystemVerifications,
  oneTimeSurveys,
  storedFiles,
  surveyForms,
  surveyResponses,
  surveyRounds,
  users,
  verificationBatches,
  verificationChanges,
} from '../src/db/schema';
import { freshStartAt } from './auth-helpers';
import type { TestApp } from './helpers';
import type { AdminCall } from './settings-helpers';

/** The instant the export scenarios run at: every date in their fixtures is before it. */
export const EXPORT_NOW = '2026-04-15T17:00:00.000Z';

/** Participant ids of the fixtures, in the order the exports list them (by id). */
export const P1 = '10000000-0000-4000-8000-000000000001';
export const P2 = '10000000-0000-4000-8000-000000000002';
export const P3 = '10000000-0000-4000-8000-000000000003';
export const ONE_TIME_SURVEY = '30000000-0000-4000-8000-000000000001';

/** The byte-order mark each file starts with. */
export const BOM = '\uFEFF';

/** Participants written straight to the database, with the ids above. */
export async function insertParticipants(t: TestApp, ids: string[], status: 'active' | 'withdrawn' = 'active') {
  await t.db.insert(users).values(
    ids.map((id) => ({
      id,
      email: `export-${id.slice(-4)}@example.org`,
      passwordHash: 'not-a-password',
      role: 'patient',
      status,
      firstName: 'Rosa',
      lastName: 'Vega',
    })),
  );
}

export const adminId = async (t: TestApp) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')))[0]!.id;

/**
 * A one-time survey form, `exit-interview`, in two versions. Version 2 asks, in order: a text to read (no
 * answer), a choice, several choices with "other", a matrix of two rows, yes or no, and a comment (English only).
 */
export const EXIT_INTERVIEW = {
  pages: [
    {
      name: 'only',
      elements: [
        { type: 'html', name: 'intro', html: '<p>Thank you.</p>' },
        {
          type: 'radiogroup',
          name: 'overall',
          title: { default: 'How was the study?', es: '¿Cómo fue el estudio?' },
          choices: [
            { value: 'good', text: { default: 'Good', es: 'Bueno' } },
            { value: 'bad', text: { default: 'Bad', es: 'Malo' } },
          ],
        },
        {
          type: 'checkbox',
          name: 'reasons',
          title: { default: 'Why did you take part?', es: '¿Por qué participó?' },
          choices: [{ value: 'help', text: { default: 'To help others', es: 'Para ayudar a otros' } }],
          showOtherItem: true,
          otherText: { default: 'Something else', es: 'Otra razón' },
        },
        {
          type: 'matrix',
          name: 'rate',
          title: { default: 'Rate each part:', es: 'Califique cada parte:' },
          columns: [
            { value: 1, text: { default: 'Poor', es: 'Mala' } },
            { value: 2, text: { default: 'Fine', es: 'Buena' } },
          ],
          rows: [
            { value: 'surveys', text: { default: 'Surveys', es: 'Encuestas' } },
            { value: 'emails', text: { default: 'E-mails', es: 'Correos' } },
          ],
        },
        {
          type: 'boolean',
          name: 'again',
          title: { default: 'Would you join again?', es: '¿Volvería a participar?' },
          labelTrue: { default: 'Yes', es: 'Sí' },
          labelFalse: { default: 'No', es: 'No' },
        },
        { type: 'comment', name: 'notes', title: 'Anything else?' },
      ],
    },
  ],
};

/** Publishes both versions of `exit-interview`; answers the id of each. */
export async function insertExitInterview(t: TestApp) {
  const rows = await t.db
    .insert(surveyForms)
    .values(
      [1, 2].map((version) => ({
        key: 'exit-interview',
        version,
        kind: 'one-time',
        titleEn: 'Exit interview',
        titleSp: 'Entrevista final',
        definition: EXIT_INTERVIEW,
      })),
    )
    .returning({ id: surveyForms.id, version: surveyForms.version });
  const idOf = (version: number) => rows.find((row) => row.version === version)!.id;
  return { v1: idOf(1), v2: idOf(2) };
}

/** A round of a participant, open for a month from `opensAt`. */
export async function insertRound(t: TestApp, userId: string, number: number, opensAt: string) {
  const open = new Date(opensAt);
  const [round] = await t.db
    .insert(surveyRounds)
    .values({ userId, number, opensAt: open, closesAt: new Date(open.getTime() + 30 * 86_400_000) })
    .returning({ id: surveyRounds.id });
  return round!.id;
}

export async function insertOneTimeSurvey(t: TestApp, formId: string) {
  await t.db.insert(oneTimeSurveys).values({
    id: ONE_TIME_SURVEY,
    formId,
    sendDate: new Date('2026-03-30T14:00:00.000Z'),
    effectiveStartDate: new Date('2026-03-30T14:00:00.000Z'),
    effectiveEndDate: new Date('2026-04-30T14:00:00.000Z'),
  });
}

export interface ResponseFixture {
  id: string;
  userId: string;
  formId: string;
  roundId?: string;
  oneTimeSurveyId?: string;
  answers: Record<string, unknown>;
  startedAt: string;
  submittedAt?: string;
}

export async function insertResponses(t: TestApp, responses: ResponseFixture[]) {
  await t.db.insert(surveyResponses).values(
    responses.map((r) => ({
      id: r.id,
      userId: r.userId,
      formId: r.formId,
      formKey: 'exit-interview',
      roundId: r.roundId,
      oneTimeSurveyId: r.oneTimeSurveyId,
      answers: r.answers,
      startedAt: new Date(r.startedAt),
      updatedAt: new Date(r.submittedAt ?? r.startedAt),
      submittedAt: r.submittedAt ? new Date(r.submittedAt) : null,
    })),
  );
}

/** A download as the administrator: 200, a CSV attachment never cached; answers its name and its text. */
export async function downloadCsv(admin: AdminCall, path: string) {
  const reply = await admin('GET', path);
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(reply.headers['cache-control']).toBe('no-store');
  const disposition = /^attachment; filename="([\w.-]+)"$/.exec(String(reply.headers['content-disposition']));
  expect(disposition, String(reply.headers['content-disposition'])).not.toBeNull();
  return { fileName: disposition![1], body: reply.body };
}

/** A file's records, one string each, after checking it starts with the byte-order mark and ends with CRLF. */
export function recordsOf(body: string) {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(BOM.length, -2).split('\r\n');
}

/**
 * The export audit rows a staff member (the current administrator unless told) wrote at `at` (the audit trail
 * outlives a fresh start).
 */
export const exportAudits = async (t: TestApp, at: string, actorId?: string) =>
  t.db
    .select({ actorId: auditLog.actorId, details: auditLog.details, ip: auditLog.ip })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'dataExport.downloaded'),
        eq(auditLog.at, new Date(at)),
        eq(auditLog.actorId, actorId ?? (await adminId(t))),
      ),
    );

/**
 * Three participants' answers to `exit-interview`: two submitted to version 2 in March (the second at 03:00 UTC
 * on April 1, still March 31 in the study's Chicago), one submitted on April 10, one only started, and one
 * submitted to version 1.
 */
export async function answersFixture(t: TestApp) {
  await freshStartAt(t, EXPORT_NOW);
  await insertParticipants(t, [P1, P2, P3]);
  await insertAnswers(t);
}

/** The answers of `answersFixture`, for participants P1, P2 and P3 already there. */
export async function insertAnswers(t: TestApp) {
  const form = await insertExitInterview(t);
  await insertOneTimeSurvey(t, form.v2);
  const p1Round2 = await insertRound(t, P1, 2, '2026-03-01T12:00:00.000Z');
  const p3Round1 = await insertRound(t, P3, 1, '2026-04-01T12:00:00.000Z');
  await insertResponses(t, [
    {
      id: '20000000-0000-4000-8000-000000000001',
      userId: P1,
      formId: form.v2,
      roundId: p1Round2,
      answers: {
        overall: 'good',
        reasons: ['help', 'other'],
        'reasons-Comment': '=HYPERLINK("x")',
        rate: { surveys: 2, emails: 1 },
        again: true,
        notes: 'Fine, thanks',
      },
      startedAt: '2026-03-02T10:00:00.000Z',
      submittedAt: '2026-03-02T10:30:00.000Z',
    },
    {
      id: '20000000-0000-4000-8000-000000000002',
      userId: P2,
      formId: form.v2,
      oneTimeSurveyId: ONE_TIME_SURVEY,
      answers: { overall: 'bad', rate: { surveys: 1 }, again: false, notes: '-5 stars' },
      startedAt: '2026-03-31T20:00:00.000Z',
      submittedAt: '2026-04-01T03:00:00.000Z',
    },
    {
      id: '20000000-0000-4000-8000-000000000003',
      userId: P2,
      formId: form.v2,
      roundId: await insertRound(t, P2, 1, '2026-03-01T12:00:00.000Z'),
      answers: { overall: 'good' },
      startedAt: '2026-03-03T10:00:00.000Z',
    },
    {
      id: '20000000-0000-4000-8000-000000000004',
      userId: P3,
      formId: form.v1,
      roundId: await insertRound(t, P3, 2, '2026-04-02T12:00:00.000Z'),
      answers: { overall: 'bad' },
      startedAt: '2026-04-03T10:00:00.000Z',
      submittedAt: '2026-04-03T10:05:00.000Z',
    },
    {
      id: '20000000-0000-4000-8000-000000000005',
      userId: P3,
      formId: form.v2,
      roundId: p3Round1,
      answers: { overall: 'good', 'reasons-Comment': '\tindented', notes: '@mention' },
      startedAt: '2026-04-10T14:00:00.000Z',
      submittedAt: '2026-04-10T15:00:00.000Z',
    },
  ]);
}

export const F1 = '40000000-0000-4000-8000-000000000001';
export const F2 = '40000000-0000-4000-8000-000000000002';
export const F3 = '40000000-0000-4000-8000-000000000003';
const HASH = 'a'.repeat(64);

/** North Clinic's English form in versions 1 (retired) and 2, and its Spanish form version 1. */
async function insertConsentForms(t: TestApp) {
  const [file] = await t.db
    .insert(storedFiles)
    .values({ contentType: 'application/pdf', byteSize: 4, sha256: HASH, content: new Uint8Array([37, 80, 68, 70]) })
    .returning({ id: storedFiles.id });
  const [system] = await t.db
    .insert(healthSystems)
    .values({
      databaseValue: 'north-clinic',
      name: 'North Clinic',
      description: 'A clinic',
      dropdownLabels: { en: 'North Clinic', sp: 'Clínica Norte' },
    })
    .returning({ id: healthSystems.id });
  const documents = await t.db
    .insert(consentFormDocuments)
    .values([
      { healthSystemId: system!.id, language: 'en' },
      { healthSystemId: system!.id, language: 'sp' },
    ])
    .returning({ id: consentFormDocuments.id, language: consentFormDocuments.language });
  const form = (id: string, language: string, version: number, retired: boolean) => ({
    id,
    documentId: documents.find((document) => document.language === language)!.id,
    healthSystemId: system!.id,
    language,
    version,
    fileName: 'consent.pdf',
    fileId: file!.id,
    sha256: HASH,
    retiredAt: retired ? new Date('2026-03-15T12:00:00.000Z') : null,
  });
  await t.db.insert(consentForms).values([form(F1, 'en', 1, true), form(F2, 'en', 2, false), form(F3, 'sp', 1, false)]);
  return file!.id;
}

/**
 * P1 signed North Clinic's English version 1 on March 2 and re-consented on version 2 on March 20; P2 signed the
 * Spanish version on March 5 and withdrew in the portal on March 25; P3 signed the study's default English form
 * at 04:00 UTC on April 1 (still March 31 in Chicago) and was withdrawn by the administrator on April 2.
 */
export async function consentFixture(t: TestApp) {
  await freshStartAt(t, EXPORT_NOW);
  await insertParticipants(t, [P1]);
  await insertParticipants(t, [P2, P3], 'withdrawn');
  await insertConsents(t);
}

/** The signatures and withdrawals of `consentFixture`, for participants P1, P2 and P3 already there. */
export async function insertConsents(t: TestApp) {
  const fileId = await insertConsentForms(t);
  const [defaultForm] = await t.db
    .select({ id: consentForms.id })
    .from(consentForms)
    .where(and(isNull(consentForms.healthSystemId), eq(consentForms.language, 'en')));
  const signature = (userId: string, formId: string, signedAt: string) => ({
    userId,
    formId,
    formSha256: HASH,
    signedFileId: fileId,
    signedSha256: HASH,
    signedAt: new Date(signedAt),
    signerName: 'Rosa Vega',
    signerEmail: 'rosa@example.org',
    signatureMethod: 'typed',
    fieldValues: [],
  });
  await t.db
    .insert(consentSignatures)
    .values([
      signature(P1, F1, '2026-03-02T15:00:00.000Z'),
      signature(P1, F2, '2026-03-20T15:00:00.000Z'),
      signature(P2, F3, '2026-03-05T15:00:00.000Z'),
      signature(P3, defaultForm!.id, '2026-04-01T04:00:00.000Z'),
    ]);
  await t.db.insert(consentWithdrawals).values([
    { userId: P2, withdrawnAt: new Date('2026-03-25T16:00:00.000Z'), reason: 'Moved away', source: 'participant' },
    {
      userId: P3,
      withdrawnAt: new Date('2026-04-02T16:00:00.000Z'),
      reason: 'Asked by phone',
      source: 'manual',
      requestedBy: await adminId(t),
    },
  ]);
}

/**
 * Verification records (the demo's removed): P1 verified in a bulk update on March 10, P2 still pending since
 * March 5, P3 rejected singly on April 12.
 */
export async function verificationFixture(t: TestApp) {
  await freshStartAt(t, EXPORT_NOW);
  await insertParticipants(t, [P1, P2, P3]);
  await insertVerifications(t);
}

/** The verification records of `verificationFixture`, for participants P1, P2 and P3 already there. */
export async function insertVerifications(t: TestApp) {
  await t.db.delete(healthSystemVerifications);
  const record = (userId: string, isVerified: boolean | null, consentedAt: string, updatedAt: string) => ({
    userId,
    healthSystem: 'north-clinic',
    isVerified,
    consentedAt: new Date(consentedAt),
    updatedAt: new Date(updatedAt),
  });
  await t.db
    .insert(healthSystemVerifications)
    .values([
      record(P1, true, '2026-03-02T15:00:00.000Z', '2026-03-10T12:00:00.000Z'),
      record(P2, null, '2026-03-05T15:00:00.000Z', '2026-03-05T15:00:00.000Z'),
      record(P3, false, '2026-04-01T04:00:00.000Z', '2026-04-12T12:00:00.000Z'),
    ]);
  const actorId = await adminId(t);
  for (const [userId, source, status, at] of [
    [P1, 'bulk', true, '2026-03-10T12:00:00.000Z'],
    [P3, 'single', false, '2026-04-12T12:00:00.000Z'],
  ] as const) {
    const [batch] = await t.db
      .insert(verificationBatches)
      .values({ source, status, actorId, requested: 1, applied: 1 })
      .returning({ id: verificationBatches.id });
    const [change] = await t.db
      .insert(verificationChanges)
      .values({ batchId: batch!.id, userId, oldStatus: null, newStatus: status, at: new Date(at) })
      .returning({ id: verificationChanges.id });
    await t.db
      .update(healthSystemVerifications)
      .set({ lastChangeId: change!.id })
      .where(eq(healthSystemVerifications.userId, userId));
  }
}
