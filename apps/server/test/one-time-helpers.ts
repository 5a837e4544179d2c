import { eq, sql } from 'drizzle-orm';
import { oneTimeSurveys, oneTimeSurveyUsers, users } from '../src/db/schema';
import type { TestApp } from './helpers';
import { call } from './participant-helpers';
import { uniqueEmail } from './registration-helpers';
import { dataOf, type AdminCall } from './settings-helpers';

/** A one-question form in both languages, as an administrator would paste it. */
export const TELEHEALTH_FORM = {
  pages: [
    {
      name: 'telehealth',
      elements: [
        {
          type: 'radiogroup',
          name: 'used-telehealth',
          title: { default: 'Have you had a video visit with a doctor?', es: '¿Ha tenido una consulta por video?' },
          isRequired: true,
          choices: ['yes', 'no'],
        },
      ],
    },
  ],
};

/** The same survey asking one more thing: a changed form. */
export const TELEHEALTH_FORM_V2 = {
  pages: [
    {
      ...TELEHEALTH_FORM.pages[0]!,
      elements: [
        ...TELEHEALTH_FORM.pages[0]!.elements,
        { type: 'comment', name: 'telehealth-comments', title: { default: 'Anything else?', es: '¿Algo más?' } },
      ],
    },
  ],
};

export const TELEHEALTH_NAME = { en: 'Your experience with telehealth', sp: 'Su experiencia con la telesalud' };

/** A complete create body; dates are literal ISO instants. */
export function surveyInput(overrides: Record<string, unknown> = {}) {
  return {
    name: TELEHEALTH_NAME,
    definition: TELEHEALTH_FORM,
    sendDate: '2026-03-02T16:00:00.000Z',
    effectiveStartDate: '2026-03-02T16:00:00.000Z',
    effectiveEndDate: '2026-03-16T16:00:00.000Z',
    participants: [] as string[],
    ...overrides,
  };
}

export interface Participant {
  id: string;
  email: string;
}

/**
 * Participants written straight into the database (no password anyone can use): enough to be named in a
 * survey and invited.
 */
export async function insertParticipants(
  t: TestApp,
  count: number,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<Participant[]> {
  if (count === 0) return [];
  return t.db
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({
        email: uniqueEmail('invitee'),
        passwordHash: 'not-a-password',
        role: 'patient',
        status: 'active',
        firstName: 'Rosa',
        lastName: 'Díaz',
        ...values,
      })),
    )
    .returning({ id: users.id, email: users.email });
}

/** `count` active participants named bulk.<n>@example.org, written in one statement. */
export async function insertBulkParticipants(t: TestApp, count: number) {
  await t.db.execute(sql`
    insert into users (email, password_hash, role, status, first_name, last_name)
    select 'bulk.' || n || '@example.org', 'not-a-password', 'patient', 'active', 'Rosa', 'Díaz'
    from generate_series(1, ${count}) n`);
}

/** Creates a survey through the API (expecting success); answers its id and form id. */
export async function createSurvey(admin: AdminCall, overrides: Record<string, unknown> = {}) {
  return dataOf<{ id: string; formId: string }>(admin('POST', '/survey/one-time', { payload: surveyInput(overrides) }));
}

/** How many one-time surveys, their participants and forms are stored: to show nothing was half-saved. */
export async function storedCounts(t: TestApp) {
  const count = async (table: string) =>
    Number(
      ((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
  return {
    surveys: await count('one_time_surveys'),
    users: await count('one_time_survey_users'),
    forms: await count(`survey_forms where kind = 'one-time'`),
  };
}

/** The rows of a survey's participants as stored. */
export function surveyUserRows(t: TestApp, surveyId: string) {
  return t.db
    .select({
      userId: oneTimeSurveyUsers.userId,
      invitedAt: oneTimeSurveyUsers.invitedAt,
      emailId: oneTimeSurveyUsers.emailId,
      failureReason: oneTimeSurveyUsers.failureReason,
    })
    .from(oneTimeSurveyUsers)
    .where(eq(oneTimeSurveyUsers.surveyId, surveyId));
}

export async function sentAt(t: TestApp, surveyId: string) {
  const [row] = await t.db
    .select({ at: oneTimeSurveys.invitationsSentAt })
    .from(oneTimeSurveys)
    .where(eq(oneTimeSurveys.id, surveyId));
  return row?.at ?? null;
}

/** One run of the invitations job and of the delivery sweep after it, as the scheduler does them. */
export async function runInvitations(t: TestApp): Promise<number> {
  const queued = await t.app.services.oneTimeSurveys.invitations.run();
  await t.app.services.mailer.sweep();
  await t.app.services.mailer.idle();
  return queued;
}

/** A participant starts the one-time survey in the portal; answers the response id. */
export async function startOneTime(t: TestApp, token: string, surveyId: string): Promise<string> {
  const reply = await call(t, 'POST', '/survey/start', token, {
    payload: { kind: 'one-time', oneTimeSurveyId: surveyId },
  });
  if (reply.statusCode !== 200) throw new Error(`start failed: ${reply.statusCode} ${reply.body}`);
  return reply.json().data.responseId;
}
