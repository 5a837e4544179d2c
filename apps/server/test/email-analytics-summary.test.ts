import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  consentForms,
  consentSignatures,
  oneTimeSurveys,
  oneTimeSurveyUsers,
  reminderDispatches,
  surveyForms,
  surveyResponses,
  surveyRounds,
  users,
} from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, dataOf, expectAdminOnly } from './settings-helpers';
import { FAILURES, insertMessage, retryPath, SUMMARY } from './email-analytics-helpers';

const NONE = { sent: 0, failed: 0, bounced: 0, suppressed: 0, queued: 0 };

/**
 * Thirteen messages around February 10 to 12, 2026 in Chicago (UTC-6): two fall outside (11:59 pm on the 9th and
 * midnight on the 13th, local time), and one of February 11 UTC still counts on the 10th.
 */
async function februaryMessages(t: TestApp) {
  const messages = [
    { at: '2026-02-10T05:59:00.000Z', status: 'sent', template: 'activation' },
    { at: '2026-02-10T15:00:00.000Z', status: 'sent', template: 'activation' },
    { at: '2026-02-10T20:00:00.000Z', status: 'sent', template: 'activation', language: 'sp' },
    { at: '2026-02-11T05:59:00.000Z', status: 'failed', template: 'password-changed' },
    { at: '2026-02-11T06:00:00.000Z', status: 'sent', template: 'survey-reminder' },
    { at: '2026-02-11T18:00:00.000Z', status: 'sent', template: 'survey-reminder', language: 'sp' },
    { at: '2026-02-11T19:00:00.000Z', status: 'sent', template: 'activation' },
    { at: '2026-02-11T20:00:00.000Z', status: 'bounced', template: 'survey-reminder' },
    { at: '2026-02-11T21:00:00.000Z', status: 'failed', template: 'activation', language: 'sp' },
    { at: '2026-02-12T03:00:00.000Z', status: 'suppressed', template: 'survey-reminder', language: 'sp' },
    { at: '2026-02-12T15:00:00.000Z', status: 'queued', template: 'login-code' },
    { at: '2026-02-12T16:00:00.000Z', status: 'sending', template: 'consent-signed', language: 'sp' },
    { at: '2026-02-13T06:00:00.000Z', status: 'sent', template: 'activation' },
  ] as const;
  for (const message of messages) await insertMessage(t, message);
}

describeOnDatabase('Email Analytics summary', (target) => {
  const testApp = useAuthApp(target);

  it('is for administrators only, the summary also for its dashboard’s token', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    await expectAdminOnly(t, tokens.access_token, [
      ['GET', `${SUMMARY}?from=2026-02-10&to=2026-02-12`],
      ['GET', `${FAILURES}?from=2026-02-10&to=2026-02-12`],
      ['POST', retryPath('00000000-0000-4000-8000-000000000000')],
    ]);
  });

  it('counts the messages of the range by day, template and language, each on the day it was created', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    await februaryMessages(t);
    const admin = await adminSession(t);

    expect(await dataOf(admin('GET', `${SUMMARY}?from=2026-02-10&to=2026-02-12`))).toMatchObject({
      timeZone: 'America/Chicago',
      totals: { sent: 5, failed: 2, bounced: 1, suppressed: 1, queued: 2, deliveryRate: 62.5 },
      days: [
        { date: '2026-02-10', sent: 2, failed: 1, bounced: 0, suppressed: 0, queued: 0 },
        { date: '2026-02-11', sent: 3, failed: 1, bounced: 1, suppressed: 1, queued: 0 },
        { date: '2026-02-12', sent: 0, failed: 0, bounced: 0, suppressed: 0, queued: 2 },
      ],
      templates: [
        { template: 'activation', ...NONE, sent: 3, failed: 1 },
        { template: 'consent-signed', ...NONE, queued: 1 },
        { template: 'login-code', ...NONE, queued: 1 },
        { template: 'password-changed', ...NONE, failed: 1 },
        { template: 'survey-reminder', ...NONE, sent: 2, bounced: 1, suppressed: 1 },
      ],
      languages: [
        { language: 'en', sent: 3, failed: 1, bounced: 1, suppressed: 0, queued: 1 },
        { language: 'sp', sent: 2, failed: 1, bounced: 0, suppressed: 1, queued: 1 },
      ],
    });

    // February 11 alone: 3 sent, 1 failed, 1 bounced: 60.0 % delivered.
    const day = await dataOf<{ totals: object; days: object[] }>(
      admin('GET', `${SUMMARY}?from=2026-02-11&to=2026-02-11`),
    );
    expect(day.totals).toEqual({ sent: 3, failed: 1, bounced: 1, suppressed: 1, queued: 0, deliveryRate: 60 });
    expect(day.days).toHaveLength(1);

    // The local midnights: 11:59 pm on the 9th and midnight on the 13th are each their own day.
    const ninth = await dataOf<{ totals: object }>(admin('GET', `${SUMMARY}?from=2026-02-09&to=2026-02-09`));
    expect(ninth.totals).toEqual({ ...NONE, sent: 1, deliveryRate: 100 });
    const thirteenth = await dataOf<{ totals: object }>(admin('GET', `${SUMMARY}?from=2026-02-13&to=2026-02-13`));
    expect(thirteenth.totals).toEqual({ ...NONE, sent: 1, deliveryRate: 100 });
  });

  it('answers no rate and no rows for a range without messages', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    expect(await dataOf(admin('GET', `${SUMMARY}?from=2020-01-01&to=2020-01-31`))).toEqual({
      timeZone: 'America/Chicago',
      totals: { ...NONE, deliveryRate: null },
      days: [],
      templates: [],
      languages: [],
      followUps: [
        { kind: 'activationReminder', sent: 0, followed: 0, rate: null },
        { kind: 'icfReminder', sent: 0, followed: 0, rate: null },
        { kind: 'surveyReminder', sent: 0, followed: 0, rate: null },
        { kind: 'oneTimeInvitation', sent: 0, followed: 0, rate: null },
      ],
      notSent: [],
    });
  });

  it('refuses a range the wrong way round, over five years or not on the calendar, in the reader’s language', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const reversed = await admin('GET', `${SUMMARY}?from=2026-02-12&to=2026-02-10`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ status: false, message: 'The start date must be on or before the end date.' });
    const tooLong = await admin('GET', `${SUMMARY}?from=2021-02-10&to=2026-02-10`, { language: 'sp' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ status: false, message: 'Elija un rango de cinco años o menos.' });
    // Five years less a day is the longest range.
    expect((await admin('GET', `${SUMMARY}?from=2021-02-10&to=2026-02-09`)).statusCode).toBe(200);
    const notADate = await admin('GET', `${SUMMARY}?from=2026-02-30&to=2026-03-01`);
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().data).toEqual([{ errorField: 'from', message: 'Enter a real date as MM/DD/YYYY.' }]);
  });

  it('opens with the email-analytics dashboard token alone, and not with another dashboard’s', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const adminId = (await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')))[0]!.id;
    const tokens = t.app.services.dashboardTokens;
    const read = async (dashboardId: 'email-analytics' | 'withdrawals') =>
      t.app.inject({
        method: 'GET',
        url: `/common-server${SUMMARY}?from=2026-02-10&to=2026-02-12`,
        headers: { 'x-dashboard-token': await tokens.issue(dashboardId, adminId, t.clock.now()).then((i) => i.token) },
      });
    expect((await read('email-analytics')).statusCode).toBe(200);
    expect((await read('withdrawals')).statusCode).toBe(403);
    expect((await admin('GET', `${SUMMARY}?from=2026-02-10&to=2026-02-12`)).statusCode).toBe(200);
    // The failures list is not dashboard data: a token does not open it.
    const failures = await t.app.inject({
      method: 'GET',
      url: `/common-server${FAILURES}?from=2026-02-10&to=2026-02-12`,
      headers: { 'x-dashboard-token': (await tokens.issue('email-analytics', adminId, t.clock.now())).token },
    });
    expect(failures.statusCode).toBe(401);
  });

  it('counts the reminders and invitations sent in the range and those followed within 7 days by their step', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const person = async (email: string, activatedAt?: string) =>
      (
        await t.db
          .insert(users)
          .values({
            email,
            passwordHash: 'not-a-password',
            role: 'patient',
            status: 'active',
            firstName: 'Rosa',
            lastName: 'Díaz',
            activatedAt: activatedAt ? new Date(activatedAt) : null,
          })
          .returning({ id: users.id })
      )[0]!.id;
    const reminder = async (userId: string, type: string, at: string, status: 'sent' | 'failed' = 'sent') => {
      const emailId = await insertMessage(t, { at, status, userId, template: 'reminder' });
      await t.db.insert(reminderDispatches).values({ userId, type, days: 3, emailId, createdAt: new Date(at) });
      return emailId;
    };

    // Activation reminders on Feb 10: A activates 6 days later, B 8 days later, C never; D's failed (not sent).
    const a = await person('a@example.org', '2026-02-16T15:00:00.000Z');
    const b = await person('b@example.org', '2026-02-18T15:00:00.000Z');
    const c = await person('c@example.org');
    const d = await person('d@example.org', '2026-02-11T15:00:00.000Z');
    for (const userId of [a, b, c]) await reminder(userId, 'ACCOUNT_ACTIVATION', '2026-02-10T15:00:00.000Z');
    await reminder(d, 'ACCOUNT_ACTIVATION', '2026-02-10T15:00:00.000Z', 'failed');

    // ICF reminders on Feb 11: E signs the next day, F signed before the reminder.
    const e = await person('e@example.org', '2026-02-01T15:00:00.000Z');
    const f = await person('f@example.org', '2026-02-01T15:00:00.000Z');
    await reminder(e, 'ICF', '2026-02-11T15:00:00.000Z');
    await reminder(f, 'ICF', '2026-02-11T15:00:00.000Z');
    const [form] = await t.db.select().from(consentForms).limit(1);
    const signature = (userId: string, signedAt: string) => ({
      userId,
      formId: form!.id,
      formSha256: form!.sha256,
      signedFileId: form!.fileId,
      signedSha256: form!.sha256,
      signedAt: new Date(signedAt),
      signerName: 'Rosa Díaz',
      signerEmail: 'rosa@example.org',
      signatureMethod: 'typed',
      fieldValues: [],
    });
    await t.db
      .insert(consentSignatures)
      .values([signature(e, '2026-02-12T15:00:00.000Z'), signature(f, '2026-02-05T15:00:00.000Z')]);

    // A survey reminder on Feb 12 for round 1: G submits a questionnaire of it 2 days later.
    const g = await person('g@example.org', '2026-01-01T15:00:00.000Z');
    const [roundForm] = await t.db.select().from(surveyForms).where(eq(surveyForms.kind, 'round')).limit(1);
    const [round] = await t.db
      .insert(surveyRounds)
      .values({
        userId: g,
        number: 1,
        opensAt: new Date('2026-02-01T15:00:00.000Z'),
        closesAt: new Date('2026-05-01T15:00:00.000Z'),
      })
      .returning();
    const emailId = await insertMessage(t, { at: '2026-02-12T15:00:00.000Z', status: 'sent', userId: g });
    await t.db.insert(reminderDispatches).values({ userId: g, type: 'SURVEY', roundNumber: 1, days: 7, emailId });
    const response = (userId: string, submittedAt: string, owner: object) => ({
      userId,
      formId: roundForm!.id,
      formKey: roundForm!.key,
      startedAt: new Date(submittedAt),
      updatedAt: new Date(submittedAt),
      submittedAt: new Date(submittedAt),
      ...owner,
    });
    await t.db.insert(surveyResponses).values(response(g, '2026-02-14T15:00:00.000Z', { roundId: round!.id }));

    // A one-time survey's invitations on Feb 10: H submits it, I does not; J's invitation failed and was sent
    // again on Feb 11, and J submitted the next day.
    const [survey] = await t.db
      .insert(oneTimeSurveys)
      .values({
        formId: roundForm!.id,
        sendDate: new Date('2026-02-10T15:00:00.000Z'),
        effectiveStartDate: new Date('2026-02-10T15:00:00.000Z'),
        effectiveEndDate: new Date('2026-04-10T15:00:00.000Z'),
      })
      .returning();
    const h = await person('h@example.org');
    const i = await person('i@example.org');
    const j = await person('j@example.org');
    for (const userId of [h, i, j]) {
      const invitation = await insertMessage(t, {
        at: '2026-02-10T15:00:00.000Z',
        status: userId === j ? 'failed' : 'sent',
        userId,
        template: 'one-time-invitation',
      });
      await t.db.insert(oneTimeSurveyUsers).values({ surveyId: survey!.id, userId, emailId: invitation });
      if (userId === j) {
        const again = await insertMessage(t, { at: '2026-02-11T15:00:00.000Z', status: 'sent', userId: j });
        await t.db.execute(sql`update email_messages set retry_of = ${invitation} where id = ${again}`);
      }
    }
    await t.db
      .insert(surveyResponses)
      .values([
        response(h, '2026-02-13T15:00:00.000Z', { oneTimeSurveyId: survey!.id }),
        response(j, '2026-02-12T15:00:00.000Z', { oneTimeSurveyId: survey!.id }),
      ]);

    const admin = await adminSession(t);
    const summary = await dataOf<{ followUps: object[] }>(admin('GET', `${SUMMARY}?from=2026-02-10&to=2026-02-12`));
    expect(summary.followUps).toEqual([
      { kind: 'activationReminder', sent: 3, followed: 1, rate: 33.3 },
      { kind: 'icfReminder', sent: 2, followed: 1, rate: 50 },
      { kind: 'surveyReminder', sent: 1, followed: 1, rate: 100 },
      { kind: 'oneTimeInvitation', sent: 3, followed: 2, rate: 66.7 },
    ]);
    // Only what was sent in the range counts: February 12 holds the survey reminder alone.
    const twelfth = await dataOf<{ followUps: object[] }>(admin('GET', `${SUMMARY}?from=2026-02-12&to=2026-02-12`));
    expect(twelfth.followUps).toEqual([
      { kind: 'activationReminder', sent: 0, followed: 0, rate: null },
      { kind: 'icfReminder', sent: 0, followed: 0, rate: null },
      { kind: 'surveyReminder', sent: 1, followed: 1, rate: 100 },
      { kind: 'oneTimeInvitation', sent: 0, followed: 0, rate: null },
    ]);
  });
});
