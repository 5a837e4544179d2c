import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, oneTimeSurveys, surveyForms, surveyResponses, surveyRounds, users } from '../src/db/schema';
import type { TestApp } from './helpers';
import type { AdminCall } from './settings-helpers';

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

/** The export audit rows the current administrator wrote at `at` (the audit trail outlives a fresh start). */
export const exportAudits = async (t: TestApp, at: string) =>
  t.db
    .select({ actorId: auditLog.actorId, details: auditLog.details, ip: auditLog.ip })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'dataExport.downloaded'),
        eq(auditLog.at, new Date(at)),
        eq(auditLog.actorId, await adminId(t)),
      ),
    );
