import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailMessages, users } from '../src/db/schema';
import { describeOnDatabase, sendNow, type TestApp } from './helpers';
import { auditSince, signInAdmin, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';

const view = (t: TestApp, token: string) => call(t, 'GET', '/communication-preferences/view', token);
const update = (t: TestApp, token: string, payload: unknown, language?: 'en' | 'sp') =>
  call(t, 'PUT', '/communication-preferences/update', token, { payload, language });

describeOnDatabase('Communication preferences', (target) => {
  const testApp = useAuthApp(target);

  it('starts with both subscriptions on, and saves a change the next view shows', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    expect((await view(t, tokens.access_token)).json()).toEqual({
      status: true,
      data: {
        emailSubscription: true,
        newsletterSubscription: true,
        categories: { reminders: true, invitations: true, news: true },
      },
    });
    const since = t.clock.now();
    const reply = await update(t, tokens.access_token, { emailSubscription: false, newsletterSubscription: true });
    expect(reply.json()).toEqual({ status: true, message: 'Communication preferences updated successfully.' });
    expect((await view(t, tokens.access_token)).json().data).toEqual({
      emailSubscription: false,
      newsletterSubscription: true,
      categories: { reminders: true, invitations: true, news: true },
    });
    const audit = (await auditSince(t, since)).filter((r) => r.action === 'account.communicationPreferencesUpdated');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: userId,
      details: { emailSubscription: false, newsletterSubscription: true },
    });
  });

  it('keeps at least one ticked, with its message in both languages, and bad bodies change nothing', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const none = await update(t, tokens.access_token, { emailSubscription: false, newsletterSubscription: false });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ status: false, message: 'Please select atleast one communication preference.' });
    const sp = await update(t, tokens.access_token, { emailSubscription: false, newsletterSubscription: false }, 'sp');
    expect(sp.json().message).toBe('Seleccione al menos una preferencia de comunicación.');
    for (const body of [{}, { emailSubscription: 'false', newsletterSubscription: true }, { emailSubscription: 1 }]) {
      expect((await update(t, tokens.access_token, body)).statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ emailSubscription: true, newsletterSubscription: true });
  });

  it('answers only the signed-in participant: no token is 401, an administrator 403', async () => {
    const t = testApp();
    expect((await view(t, '')).statusCode).toBe(401);
    expect((await update(t, '', { emailSubscription: true, newsletterSubscription: true })).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    const participantsOnly = { status: false, message: 'Account settings are for study participants.' };
    const viewed = await view(t, admin.access_token);
    expect(viewed.statusCode).toBe(403);
    expect(viewed.json()).toEqual(participantsOnly);
    const refused = await update(t, admin.access_token, { emailSubscription: true, newsletterSubscription: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(participantsOnly);
  });

  it('the mail provider honours them: a newsletter is not sent to who opted out; security mail always is', async () => {
    const t = testApp();
    const { tokens, userId, email } = await signedInParticipant(t);
    await update(t, tokens.access_token, { emailSubscription: true, newsletterSubscription: false });
    const mailer = t.app.services.mailer;
    const content = { subject: 'Study news', greeting: 'Hello Ana,', before: ['News of the study.'], after: [] };
    // Sent at once rather than at the pace of bulk mail: this test is about whom it reaches.
    const send = (category?: 'reminders' | 'news') =>
      sendNow(mailer, t.db, {
        to: email,
        userId,
        language: 'en',
        template: 'test',
        content,
        category,
        priority: 'account',
      });
    const newsletter = await send('news');
    const reminder = await send('reminders');
    const security = await send();
    await mailer.idle();
    const status = async (id: string) =>
      (await t.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!.status;
    expect(await status(newsletter)).toBe('suppressed');
    expect(await status(reminder)).toBe('sent');
    expect(await status(security)).toBe('sent');
    expect(t.mail.to(email)).toHaveLength(2);

    await update(t, tokens.access_token, { emailSubscription: false, newsletterSubscription: true });
    const [muted, news] = [await send('reminders'), await send('news')];
    await mailer.idle();
    expect(await status(muted)).toBe('suppressed');
    expect(await status(news)).toBe('sent');
  });
});
