import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { reminderDispatches, users } from '../src/db/schema';
import { describeOnDatabase, useTestApp, type TestApp } from './helpers';
import { activeParticipant, DEMO, freshStart, freshStartAt, signIn, useAuthApp } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { inboxOf, leaveCategory } from './inbox-helpers';
import { createSurvey, insertParticipants, runInvitations } from './one-time-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { registerParticipant, userByEmail } from './registration-helpers';
import { adminSession, dataOf } from './settings-helpers';

// Reminders go out from 9:00 in Chicago (15:00 UTC in February); every scenario starts on Monday 02/02/2026.
const START = '2026-02-02T16:00:00.000Z';

async function setSchedule(t: TestApp, type: string, days: number[]) {
  const admin = await adminSession(t);
  await dataOf(
    admin('POST', `/settings/reminder?type=${type}`, { payload: { reminders: days.map((d) => ({ days: d })) } }),
  );
}

async function runReminders(t: TestApp) {
  const queued = await t.app.services.reminders.run();
  await t.app.services.mailer.sweep();
  await t.app.services.mailer.idle();
  return queued;
}

const skippedReasonOf = async (t: TestApp, userId: string) =>
  (await t.db.select().from(reminderDispatches).where(eq(reminderDispatches.userId, userId))).map(
    (d) => d.skippedReason,
  );

// Inbox rows are written in the reminder's or invitation's own transaction; nothing here differs between databases.
describeOnDatabase('The inbox', (target) => {
  const testApp = useAuthApp(target);

  it('keeps each consent reminder, also one whose e-mail could not go (left reminders, e-mails off), but none for a withdrawn participant', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [2]);
    const reminded = await signedInParticipant(t);
    const unsubscribed = await signedInParticipant(t);
    const optedOut = await signedInParticipant(t);
    const withdrawn = await signedInParticipant(t);
    await leaveCategory(t, unsubscribed.userId, 'reminders');
    await t.db.update(users).set({ emailSubscription: false }).where(eq(users.id, optedOut.userId));
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, withdrawn.userId));

    t.clock.set('2026-02-04T15:00:00.000Z');
    await runReminders(t);
    const [mail] = t.mail.to(reminded.email);
    expect(t.mail.to(unsubscribed.email)).toEqual([]);
    expect(await inboxOf(t, reminded.userId)).toEqual([
      { kind: 'consentReminder', params: {}, noticeId: null, emailId: mail!.id, readAt: null },
    ]);
    expect(await skippedReasonOf(t, unsubscribed.userId)).toEqual(['unsubscribed']);
    expect(await inboxOf(t, unsubscribed.userId)).toEqual([
      { kind: 'consentReminder', params: {}, noticeId: null, emailId: null, readAt: null },
    ]);
    expect(await skippedReasonOf(t, optedOut.userId)).toEqual(['emailsOff']);
    expect(await inboxOf(t, optedOut.userId)).toHaveLength(1);
    expect(await skippedReasonOf(t, withdrawn.userId)).toEqual(['withdrawn']);
    expect(await inboxOf(t, withdrawn.userId)).toEqual([]);
  });

  it('keeps a survey reminder with its closing day, and no activation reminder (the person cannot sign in yet)', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'SURVEY', [5]);
    await setSchedule(t, 'ACCOUNT_ACTIVATION', [5]);
    const waiting = await signedInParticipant(t);
    await signConsent(t, waiting.tokens.access_token);
    const { email: pending } = await registerParticipant(t);
    await t.app.services.mailer.idle();
    t.mail.delivered.length = 0;

    t.clock.set('2026-02-07T15:00:00.000Z');
    expect(await runReminders(t)).toBe(2);
    const [mail] = t.mail.to(waiting.email);
    // The round opened at consent (02/02/2026) for the 90-day survey period; the e-mail says 05/03/2026.
    expect(mail!.text).toContain('05/03/2026');
    expect(await inboxOf(t, waiting.userId)).toEqual([
      { kind: 'surveyReminder', params: { closesOn: '2026-05-03' }, noticeId: null, emailId: mail!.id, readAt: null },
    ]);
    expect(t.mail.to(pending)).toHaveLength(1);
    expect(await inboxOf(t, (await userByEmail(t, pending))!.id)).toEqual([]);
  });

  it('keeps a one-time survey invitation with the survey in both languages and its days, also when its e-mail could not go', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const [invited] = await insertParticipants(t, 1);
    const [optedOut] = await insertParticipants(t, 1, { emailSubscription: false });
    const [withdrawn] = await insertParticipants(t, 1);
    const survey = await createSurvey(await adminSession(t), {
      participants: [invited!.email, optedOut!.email, withdrawn!.email],
    });
    // Withdrawn after the survey was made, before its send date.
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, withdrawn!.id));
    t.clock.set('2026-03-02T16:00:00.000Z');
    expect(await runInvitations(t)).toBe(1);

    const params = {
      surveyId: survey.id,
      titleEn: 'Your experience with telehealth',
      titleSp: 'Su experiencia con la telesalud',
      opensOn: '2026-03-02',
      closesOn: '2026-03-16',
    };
    const [mail] = t.mail.to(invited!.email);
    expect(await inboxOf(t, invited!.id)).toEqual([
      { kind: 'oneTimeInvitation', params, noticeId: null, emailId: mail!.id, readAt: null },
    ]);
    expect(await inboxOf(t, optedOut!.id)).toEqual([
      { kind: 'oneTimeInvitation', params, noticeId: null, emailId: null, readAt: null },
    ]);
    expect(await inboxOf(t, withdrawn!.id)).toEqual([]);
  });

  it('lists a participant’s own messages newest first, counts the unread, and marks one read once, for its owner only', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [2, 3]);
    const owner = await signedInParticipant(t);
    const other = await signedInParticipant(t);

    t.clock.set('2026-02-04T15:00:00.000Z');
    await runReminders(t);
    t.clock.set('2026-02-05T15:00:00.000Z');
    await runReminders(t);
    const token = (await signIn(t, owner.email)).access_token;
    const otherToken = (await signIn(t, other.email)).access_token;

    expect(await dataOf(call(t, 'GET', '/messages/unread-count', token))).toEqual({ unread: 2 });
    const page = await dataOf<{ content: { id: string; createdAt: string }[] }>(call(t, 'GET', '/messages', token));
    expect(page).toEqual({
      content: [
        {
          id: expect.any(String),
          kind: 'consentReminder',
          params: {},
          title: null,
          body: null,
          createdAt: '2026-02-05T15:00:00.000Z',
          read: false,
        },
        {
          id: expect.any(String),
          kind: 'consentReminder',
          params: {},
          title: null,
          body: null,
          createdAt: '2026-02-04T15:00:00.000Z',
          read: false,
        },
      ],
      totalElements: 2,
      page: 0,
      size: 10,
      unread: 2,
    });
    const [latest] = page.content;

    // Another participant's message does not exist for them, and nothing changes.
    const foreign = await call(t, 'PUT', `/messages/${latest!.id}/read`, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: false, message: 'This message could not be found.' });
    const notAnId = await call(t, 'PUT', '/messages/42/read', token, { language: 'sp' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toEqual({
      status: false,
      message: 'Solicitud no válida',
      data: [{ errorField: 'id', message: 'No se encontró este mensaje.' }],
    });
    expect(await dataOf(call(t, 'GET', '/messages/unread-count', token))).toEqual({ unread: 2 });

    expect(await dataOf(call(t, 'PUT', `/messages/${latest!.id}/read`, token))).toEqual({ unread: 1 });
    t.clock.set('2026-02-05T15:01:00.000Z');
    expect(await dataOf(call(t, 'PUT', `/messages/${latest!.id}/read`, token))).toEqual({ unread: 1 });
    const rows = await inboxOf(t, owner.userId);
    expect(rows.map((r) => r.readAt)).toEqual([null, new Date('2026-02-05T15:00:00.000Z')]);
    const beyond = await dataOf<{ content: unknown[]; totalElements: number }>(
      call(t, 'GET', '/messages?page=1&size=10', token),
    );
    expect(beyond).toMatchObject({ content: [], totalElements: 2 });
    const paged = await dataOf<{ content: { read: boolean; createdAt: string }[]; totalElements: number }>(
      call(t, 'GET', '/messages?size=10', token),
    );
    expect(paged.content.map((m) => [m.createdAt, m.read])).toEqual([
      ['2026-02-05T15:00:00.000Z', true],
      ['2026-02-04T15:00:00.000Z', false],
    ]);
    expect(await dataOf(call(t, 'GET', '/messages', otherToken))).toMatchObject({
      totalElements: 2,
      unread: 2,
    });
  });
});

// The count's limit is kept in memory by each server process on both databases; nothing here differs between them.
describeOnDatabase('The unread count', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false', RATE_LIMIT_FACTOR: '1' } });
  beforeEach(() => freshStart(testApp()));

  it('is limited per participant (60 a minute), not per address: a clinic’s participants share one', async () => {
    const t = testApp();
    const demo = (await signIn(t, DEMO.email, DEMO.password)).access_token;
    const other = (await signIn(t, await activeParticipant(t))).access_token;
    for (let i = 0; i < 60; i++) expect((await call(t, 'GET', '/messages/unread-count', demo)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/messages/unread-count', demo)).statusCode).toBe(429);
    expect(await dataOf(call(t, 'GET', '/messages/unread-count', other))).toEqual({ unread: 0 });
  });
});
