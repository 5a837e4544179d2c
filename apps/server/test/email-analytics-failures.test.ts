import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, emailMessages, reminderDispatches, users } from '../src/db/schema';
import { activationMail } from '../src/providers/mail/templates/activation';
import { describeOnDatabase, sendNow, useTestApp, type TestApp } from './helpers';
import { freshStartAt, MINUTE_MS } from './auth-helpers';
import { adminSession, dataOf, UUID } from './settings-helpers';
import { FAILURES, failingTransport, insertMessage, retryPath } from './email-analytics-helpers';

const RANGE = 'from=2026-02-01&to=2026-02-28';

const rowOf = async (t: TestApp, id: string) =>
  (await t.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!;

describeOnDatabase('Email Analytics failures and retry', (target) => {
  const mail = failingTransport();
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' }, mailTransport: mail.transport });
  const mailer = () => testApp().app.services.mailer;
  const activation = (to: string, priority?: 'security') => ({
    to,
    language: 'en' as const,
    template: 'activation',
    priority,
    content: activationMail('en', {
      firstName: 'Ana',
      link: 'https://portal.example.org/x?token=t',
      expiresOn: '05/30/2026',
    }),
  });

  it('lists the failures of the range, the latest attempt first, with whether each can be sent again', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const kept = await insertMessage(t, {
      at: '2026-02-10T15:00:00.000Z',
      status: 'failed',
      recipient: 'a@example.org',
    });
    const bounced = await insertMessage(t, {
      at: '2026-02-12T15:00:00.000Z',
      status: 'bounced',
      recipient: 'b@example.org',
      template: 'survey-reminder',
      language: 'sp',
      attempts: 1,
    });
    const gone = await insertMessage(t, {
      at: '2026-02-11T15:00:00.000Z',
      status: 'failed',
      recipient: 'c@example.org',
      template: 'login-code',
      payload: null,
      attempts: 7,
    });
    await insertMessage(t, { at: '2026-02-11T16:00:00.000Z', status: 'sent' });
    await insertMessage(t, { at: '2026-01-31T15:00:00.000Z', status: 'failed' });
    const admin = await adminSession(t);

    const page = await dataOf<{ content: { id: string }[]; totalElements: number }>(
      admin('GET', `${FAILURES}?${RANGE}&page=0&size=10`),
    );
    expect(page.totalElements).toBe(3);
    expect(page.content).toEqual([
      {
        id: bounced,
        lastAttemptAt: '2026-02-12T15:00:00.000Z',
        recipient: 'b@example.org',
        template: 'survey-reminder',
        language: 'sp',
        attempts: 1,
        reply: '550 5.1.1 Mailbox unavailable',
        bounced: true,
        retry: 'bounced',
      },
      expect.objectContaining({ id: gone, attempts: 7, bounced: false, retry: 'expired' }),
      expect.objectContaining({ id: kept, lastAttemptAt: '2026-02-10T15:00:00.000Z', retry: 'available' }),
    ]);
    const second = await dataOf<{ content: { id: string }[] }>(admin('GET', `${FAILURES}?${RANGE}&page=1&size=10`));
    expect(second.content).toEqual([]);
    expect((await admin('GET', `${FAILURES}?from=2026-02-28&to=2026-02-01`)).statusCode).toBe(400);
    expect((await admin('GET', `${FAILURES}?${RANGE}&size=7`)).statusCode).toBe(400);
  });

  it('keeps a failed message’s content, sends it again once as a new message, and audits who did it', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    mail.rejected.add('ana@example.org');
    const failed = await sendNow(mailer(), t.db, activation('ana@example.org'));
    await mailer().idle();
    expect(await rowOf(t, failed)).toMatchObject({
      status: 'failed',
      smtpCode: 554,
      recipientRefused: false,
      payload: expect.objectContaining({ content: expect.objectContaining({ subject: expect.any(String) }) }),
    });

    mail.rejected.delete('ana@example.org');
    t.clock.advance(MINUTE_MS);
    const admin = await adminSession(t);
    const retried = await admin('POST', retryPath(failed));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ status: true, message: 'The e-mail was queued to be sent again.' });
    await mailer().idle();

    const [copy] = await t.db.select().from(emailMessages).where(eq(emailMessages.retryOf, failed));
    expect(copy).toMatchObject({
      recipient: 'ana@example.org',
      template: 'activation',
      language: 'en',
      priority: 1,
      status: 'sent',
      attempts: 1,
      payload: null,
      createdAt: new Date('2026-03-01T12:01:00.000Z'),
    });
    expect((await rowOf(t, failed)).payload).toBeNull();
    expect(mail.delivered.filter((m) => m.to === 'ana@example.org')).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retried'), eq(auditLog.at, new Date('2026-03-01T12:01:00.000Z'))));
    expect(audit).toMatchObject({ actorId: UUID, details: { emailId: failed, template: 'activation' } });

    const again = await admin('POST', retryPath(failed), { language: 'sp' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'Este correo electrónico ya se envió de nuevo.' });
    const listed = await dataOf<{ content: { retry: string }[] }>(
      admin('GET', `${FAILURES}?from=2026-03-01&to=2026-03-01`),
    );
    expect(listed.content).toEqual([expect.objectContaining({ retry: 'retried' })]);
  });

  it('sends a reminder again only while its person has still not done what it asks', async () => {
    const t = testApp();
    // Noon in Chicago: within the study's mail hours, when reminders may leave.
    await freshStartAt(t, '2026-03-01T18:00:00.000Z');
    const reminderFor = async (email: string, status: 'pending' | 'active') => {
      const [user] = await t.db
        .insert(users)
        .values({ email, passwordHash: 'not-a-password', role: 'patient', status, firstName: 'Rosa', lastName: 'Díaz' })
        .returning({ id: users.id });
      const emailId = await insertMessage(t, {
        at: '2026-03-01T17:00:00.000Z',
        status: 'failed',
        recipient: email,
        userId: user!.id,
        template: 'activation-reminder',
        priority: 2,
      });
      await t.db.insert(reminderDispatches).values({ userId: user!.id, type: 'ACCOUNT_ACTIVATION', days: 3, emailId });
      return emailId;
    };
    const waiting = await reminderFor('waiting@example.org', 'pending');
    const activated = await reminderFor('activated@example.org', 'active');
    const admin = await adminSession(t);
    for (const id of [waiting, activated]) expect((await admin('POST', retryPath(id))).statusCode).toBe(200);
    await mailer().idle();
    const copyOf = async (id: string) =>
      (await t.db.select().from(emailMessages).where(eq(emailMessages.retryOf, id)))[0]!;
    expect(await copyOf(waiting)).toMatchObject({ status: 'sent', priority: 2 });
    expect(await copyOf(activated)).toMatchObject({ status: 'suppressed', suppressedReason: 'alreadyDone' });
  });

  it('drops the content of a security message and of a refused address when they fail, so neither is sent again', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    mail.rejected.add('code@example.org');
    mail.refused.add('gone@example.org');
    const code = await sendNow(mailer(), t.db, activation('code@example.org', 'security'));
    const refused = await sendNow(mailer(), t.db, activation('gone@example.org'));
    await mailer().idle();
    expect(await rowOf(t, code)).toMatchObject({ status: 'failed', priority: 0, payload: null });
    expect(await rowOf(t, refused)).toMatchObject({ status: 'failed', recipientRefused: true, payload: null });

    const admin = await adminSession(t);
    const expired = await admin('POST', retryPath(code));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(
      'This e-mail can no longer be sent again: its content was removed. The participant can ask for a new one.',
    );
    const bounced = await admin('POST', retryPath(refused));
    expect(bounced.statusCode).toBe(409);
    expect(bounced.json().message).toBe(
      'The mail server refused this address for good, so the e-mail cannot be sent to it again.',
    );
    const sent = await insertMessage(t, { at: '2026-03-01T12:00:00.000Z', status: 'sent' });
    expect((await admin('POST', retryPath(sent))).statusCode).toBe(404);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.status, 'queued'))).toEqual([]);
  });

  it('drops the content of failures whose last attempt is over 7 days old when the mail sweep runs', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const old = await insertMessage(t, { at: '2026-02-22T11:59:00.000Z', status: 'failed' });
    const recent = await insertMessage(t, { at: '2026-02-22T12:01:00.000Z', status: 'failed' });
    await mailer().sweep();
    expect((await rowOf(t, old)).payload).toBeNull();
    expect((await rowOf(t, recent)).payload).not.toBeNull();

    t.clock.advance(2 * MINUTE_MS);
    await mailer().sweep();
    expect((await rowOf(t, recent)).payload).toBeNull();
    const admin = await adminSession(t);
    expect((await admin('POST', retryPath(recent))).statusCode).toBe(409);
  });
});
