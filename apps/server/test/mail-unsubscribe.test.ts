import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { MailCategory } from '@portal/shared/mail/categories';
import { emailMessages, mailCategoryChoices, reminderDispatches } from '../src/db/schema';
import { createUnsubscribeTokens } from '../src/modules/mail-preferences/token';
import type { OutgoingMail } from '../src/providers/mail/mail-transport';
import { describeOnDatabase, sendNow, useTestApp, type TestApp } from './helpers';
import { auditSince, freshStart, freshStartAt, MINUTE_MS, signIn } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { registerParticipant, userByEmail } from './registration-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { multipartCall, type Part } from './health-system-helpers';

const PUBLIC_URL = 'https://portal.example.org';
const DAY_MS = 24 * 60 * MINUTE_MS;
const UNSUBSCRIBE = '/mail-preferences/unsubscribe';
/** The one-click address every message a participant may leave carries, up to its token. */
const ONE_CLICK = `<${PUBLIC_URL}/common-server/mail-preferences/unsubscribe?token=`;
const TOKEN = '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LEFT = 'You will no longer get these e-mails.';
const INVALID = 'This unsubscribe link does not work. It may have been copied only in part. Nothing was changed.';
const EXPIRED =
  'This unsubscribe link has expired: it works for 60 days after its e-mail was sent. Nothing was changed.';
const REPLAYED =
  'This unsubscribe link comes from an e-mail sent before you chose to get these e-mails again, so it no longer ' +
  'works. Nothing was changed.';
const ALWAYS_SENT = 'Account and security e-mails are always sent and cannot be stopped. Nothing was changed.';

const content = { subject: 'Study mail', greeting: 'Hello Ana,', before: ['A study e-mail.'], after: [] };

/** Sends one message of `category` to the participant at once (not at the pace of bulk mail). */
async function sendOf(t: TestApp, to: { email: string; userId: string }, category?: MailCategory) {
  const id = await sendNow(t.app.services.mailer, t.db, {
    to: to.email,
    userId: to.userId,
    language: 'en',
    template: 'test',
    content,
    category,
    priority: 'account',
  });
  await t.app.services.mailer.idle();
  return { id, mail: t.mail.delivered.find((m) => m.id === id) };
}

/** The token of a delivered message's List-Unsubscribe header. */
const tokenOf = (mail: OutgoingMail | undefined) =>
  decodeURIComponent(/token=([^>]+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')![1]!);

const oneClick = (t: TestApp, token: string, body = 'List-Unsubscribe=One-Click') =>
  t.app.inject({
    method: 'POST',
    url: `/common-server${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
/** RFC 8058's preferred one-click: multipart/form-data, encoded as the platform's FormData does. */
const multipartOneClick = (
  t: TestApp,
  token: string,
  parts: Part[] = [{ name: 'List-Unsubscribe', value: 'One-Click' }],
) => multipartCall(t, 'POST', `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`, undefined, parts);
const fromPage = (t: TestApp, token: string, language?: 'en' | 'sp') =>
  call(t, 'POST', `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`, undefined, { payload: {}, language });
const describeLink = (t: TestApp, token: string, language?: 'en' | 'sp') =>
  call(t, 'GET', `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`, undefined, { language });

const choicesOf = (t: TestApp, userId: string) =>
  t.db
    .select({
      category: mailCategoryChoices.category,
      subscribed: mailCategoryChoices.subscribed,
      source: mailCategoryChoices.source,
    })
    .from(mailCategoryChoices)
    .where(eq(mailCategoryChoices.userId, userId));

const view = (t: TestApp, token: string) => call(t, 'GET', '/communication-preferences/view', token);
const update = (t: TestApp, token: string, payload: unknown, language?: 'en' | 'sp') =>
  call(t, 'PUT', '/communication-preferences/update', token, { payload, language });

describeOnDatabase('One-click unsubscribe', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false', PUBLIC_URL } });
  beforeEach(() => freshStart(testApp()));

  it('puts List-Unsubscribe and List-Unsubscribe-Post on reminders, invitations and news, and its link last in the text and HTML; none on account mail', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    const headers = expect.objectContaining({
      'List-Unsubscribe': expect.stringMatching(new RegExp(`^${escaped(ONE_CLICK)}${TOKEN}>$`)),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const footers = {
      reminders: "Don't want reminders by e-mail? Stop reminder e-mails here: ",
      invitations: "Don't want survey invitations by e-mail? Stop survey invitation e-mails here: ",
      news: "Don't want study news by e-mail? Stop study news e-mails here: ",
    } as const;
    for (const category of ['reminders', 'invitations', 'news'] as const) {
      const { mail } = await sendOf(t, participant, category);
      expect(mail!.headers, category).toEqual(headers);
      expect(Object.keys(mail!.headers!)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
      expect(mail!.text).toMatch(
        new RegExp(`\\n\\n${escaped(`${footers[category]}${PUBLIC_URL}/unsubscribe?token=`)}${TOKEN}&lang=en$`),
      );
      expect(mail!.html).toMatch(
        new RegExp(`<a href="${escaped(`${PUBLIC_URL}/unsubscribe?token=`)}${TOKEN}&amp;lang=en" [^>]+>`),
      );
      // The token names the participant and the category, and no more.
      const reading = await createUnsubscribeTokens(t.db).read(tokenOf(mail), t.clock.now());
      expect(reading).toEqual({
        ok: true,
        expired: false,
        claims: { userId: participant.userId, category, issuedAt: t.clock.now() },
      });
    }
    const { mail: account } = await sendOf(t, participant);
    expect(account!.headers).toBeUndefined();
    expect(account!.text).not.toContain('/unsubscribe');

    // The Spanish footer, in a Spanish message.
    const sp = await signedInParticipant(t, { language: 'sp' });
    const id = await sendNow(t.app.services.mailer, t.db, {
      to: sp.email,
      userId: sp.userId,
      language: 'sp',
      template: 'test',
      content,
      category: 'reminders',
      priority: 'account',
    });
    await t.app.services.mailer.idle();
    const spanish = t.mail.delivered.find((m) => m.id === id)!;
    expect(spanish.text).toMatch(
      new RegExp(
        `${escaped('¿No desea recibir recordatorios por correo electrónico? Deje de recibir los correos de recordatorio aquí: ')}` +
          `${escaped(`${PUBLIC_URL}/unsubscribe?token=`)}${TOKEN}&lang=sp$`,
      ),
    );
  });

  it('takes a one-click POST without a session at once, answers the same to a second one, and sends no more of that category', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    const { mail } = await sendOf(t, participant, 'reminders');
    const token = tokenOf(mail);
    expect((await describeLink(t, token)).json()).toEqual({
      status: true,
      data: { category: 'reminders', alreadyLeft: false },
    });
    const since = t.clock.now();

    const first = await oneClick(t, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: LEFT, data: { category: 'reminders', alreadyLeft: false } });
    const second = await oneClick(t, token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ status: true, message: LEFT, data: { category: 'reminders', alreadyLeft: true } });
    expect((await describeLink(t, token)).json().data).toEqual({ category: 'reminders', alreadyLeft: true });

    expect(await choicesOf(t, participant.userId)).toEqual([
      { category: 'reminders', subscribed: false, source: 'oneClick' },
    ]);
    const audits = (await auditSince(t, since)).filter(
      (r) => r.action.startsWith('mail.') && r.subjectId === participant.userId,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'mail.categoryLeft',
      actorId: participant.userId,
      subjectId: participant.userId,
      details: { category: 'reminders', source: 'oneClick' },
    });

    // Reminders stop; invitations and account mail still go.
    const reminder = await sendOf(t, participant, 'reminders');
    expect(reminder.mail).toBeUndefined();
    const [row] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, reminder.id));
    expect(row).toMatchObject({ status: 'suppressed', suppressedReason: 'unsubscribed' });
    expect((await sendOf(t, participant, 'invitations')).mail).toBeDefined();
    expect((await sendOf(t, participant)).mail).toBeDefined();

    // A multipart one-click (RFC 8058's SHOULD) is one-click too, and as idempotent.
    const news = tokenOf((await sendOf(t, participant, 'news')).mail);
    const multipart = await multipartOneClick(t, news);
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toEqual({ status: true, message: LEFT, data: { category: 'news', alreadyLeft: false } });
    expect((await multipartOneClick(t, news)).json()).toEqual({
      status: true,
      message: LEFT,
      data: { category: 'news', alreadyLeft: true },
    });
    expect(await choicesOf(t, participant.userId)).toEqual(
      expect.arrayContaining([{ category: 'news', subscribed: false, source: 'oneClick' }]),
    );

    // The page's JSON POST records its own source, in the reader's language.
    const invitation = await sendOf(t, participant, 'invitations');
    const fromLink = await fromPage(t, tokenOf(invitation.mail), 'sp');
    expect(fromLink.json()).toEqual({
      status: true,
      message: 'Ya no recibirá estos correos.',
      data: { category: 'invitations', alreadyLeft: false },
    });
    expect(await choicesOf(t, participant.userId)).toEqual(
      expect.arrayContaining([{ category: 'invitations', subscribed: false, source: 'link' }]),
    );
  });

  it('refuses a tampered, garbled, expired, replayed or account-category token, with its message, and changes nothing', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    const { mail } = await sendOf(t, participant, 'reminders');
    const token = tokenOf(mail);
    const since = t.clock.now();
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    // Another user's ID under the same signature.
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: crypto.randomUUID() }),
    ).toString('base64url');
    const accountToken = await createUnsubscribeTokens(t.db).issue(participant.userId, 'account', t.clock.now());

    const refusals: [string, number, string][] = [
      [flipped, 400, INVALID],
      [`${otherPayload}.${signature}`, 400, INVALID],
      ['not-a-token', 400, INVALID],
      ['', 400, INVALID],
      [accountToken, 400, ALWAYS_SENT],
    ];
    for (const [bad, status, message] of refusals) {
      for (const reply of [await oneClick(t, bad), await fromPage(t, bad), await describeLink(t, bad)]) {
        expect(reply.statusCode, bad).toBe(status);
        expect(reply.json(), bad).toEqual({ status: false, message });
      }
    }
    // A one-click body that is not RFC 8058's, and a POST with no body.
    expect((await oneClick(t, token, 'List-Unsubscribe=Yes')).statusCode).toBe(400);
    const bare = await t.app.inject({ method: 'POST', url: `/common-server${UNSUBSCRIBE}?token=${token}` });
    expect(bare.statusCode).toBe(400);
    // A multipart body whose only field is not RFC 8058's: another value, a second field, a file, no field.
    const badBodies: Part[][] = [
      [{ name: 'List-Unsubscribe', value: 'Yes' }],
      [
        { name: 'List-Unsubscribe', value: 'One-Click' },
        { name: 'extra', value: 'x' },
      ],
      [{ name: 'List-Unsubscribe', value: 'One-Click', fileName: 'a.txt', contentType: 'text/plain' }],
      [{ name: 'other', value: 'One-Click' }],
    ];
    for (const parts of badBodies) {
      const reply = await multipartOneClick(t, token, parts);
      expect(reply.statusCode, JSON.stringify(parts)).toBe(400);
      expect(reply.json()).toEqual({ status: false, message: 'Invalid request' });
    }
    expect((await multipartOneClick(t, flipped)).json()).toEqual({ status: false, message: INVALID });

    // Expired: 60 days from the e-mail work, the 61st does not.
    t.clock.advance(60 * DAY_MS);
    expect((await describeLink(t, token)).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    const expired = await oneClick(t, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ status: false, message: EXPIRED });
    expect((await describeLink(t, token, 'sp')).json()).toEqual({
      status: false,
      message:
        'Este enlace para dejar de recibir correos venció: funciona durante 60 días después de que se envió su correo. No se cambió nada.',
    });
    expect(await choicesOf(t, participant.userId)).toEqual([]);
    expect(
      (await auditSince(t, since)).filter((r) => r.action.startsWith('mail.') && r.subjectId === participant.userId),
    ).toEqual([]);

    // Replayed: a link from before the participant rejoined reminders in Account Settings.
    const { access_token: session } = await signIn(t, participant.email);
    const fresh = tokenOf((await sendOf(t, participant, 'reminders')).mail);
    t.clock.advance(MINUTE_MS);
    const categories = (reminders: boolean) => ({
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { reminders },
    });
    expect((await update(t, session, categories(false))).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await update(t, session, categories(true))).statusCode).toBe(200);
    const replayed = await oneClick(t, fresh);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual({ status: false, message: REPLAYED });
    expect((await describeLink(t, fresh)).statusCode).toBe(409);
    expect(await choicesOf(t, participant.userId)).toEqual([
      { category: 'reminders', subscribed: true, source: 'settings' },
    ]);
    // A link of an e-mail sent after the rejoin works.
    const after = tokenOf((await sendOf(t, participant, 'reminders')).mail);
    expect((await oneClick(t, after)).json().data).toEqual({ category: 'reminders', alreadyLeft: false });
  });

  it('sends a browser opening the List-Unsubscribe address to the page, answers the page’s own fetch in JSON, and allows many one-clicks per address', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    const token = tokenOf((await sendOf(t, participant, 'reminders')).mail);
    const url = `/common-server${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`;
    const browser = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`${PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
    // The page's fetch (the web client sends Accept: application/json) gets the JSON answer.
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ status: true, data: { category: 'reminders', alreadyLeft: false } });
    expect(await choicesOf(t, participant.userId)).toEqual([]);
    // 3,000 one-clicks a minute per address (Gmail and Yahoo send every user's from a few), 300 reads; the test
    // environment multiplies both by its RATE_LIMIT_FACTOR of 1000.
    expect(page.headers['x-ratelimit-limit']).toBe('300000');
    expect((await oneClick(t, token)).headers['x-ratelimit-limit']).toBe('3000000');
  });

  it('skips a due reminder to a participant who left reminders, recording unsubscribed, which Emails Insight counts', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-02-02T16:00:00.000Z');
    const admin = await adminSession(t);
    await dataOf(
      admin('POST', '/settings/reminder?type=ACCOUNT_ACTIVATION', { payload: { reminders: [{ days: 3 }] } }),
    );
    const { email } = await registerParticipant(t);
    const userId = (await userByEmail(t, email))!.id;
    const token = await createUnsubscribeTokens(t.db).issue(userId, 'reminders', t.clock.now());
    expect((await oneClick(t, token)).statusCode).toBe(200);
    await t.app.services.mailer.idle();
    t.mail.delivered.length = 0;

    t.clock.set('2026-02-05T15:00:00.000Z'); // day 3, 09:00 in Chicago
    expect(await t.app.services.reminders.run()).toBe(0);
    await t.app.services.mailer.sweep();
    await t.app.services.mailer.idle();
    expect(t.mail.to(email)).toEqual([]);
    expect(
      await t.db
        .select({ days: reminderDispatches.days, skippedReason: reminderDispatches.skippedReason })
        .from(reminderDispatches)
        .where(and(eq(reminderDispatches.userId, userId), eq(reminderDispatches.type, 'ACCOUNT_ACTIVATION'))),
    ).toEqual([{ days: 3, skippedReason: 'unsubscribed' }]);

    const summary = await dataOf<{ notSent: object[] }>(
      (await adminSession(t))('GET', '/email-analytics/summary?from=2026-02-01&to=2026-02-28'),
    );
    expect(summary.notSent).toContainEqual({ reason: 'unsubscribed', suppressed: 0, remindersSkipped: 1 });
  });

  it('shows and sets the categories in Account Settings beside the spec’s two subscriptions', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const all = { reminders: true, invitations: true, news: true };
    expect((await view(t, tokens.access_token)).json()).toEqual({
      status: true,
      data: { emailSubscription: true, newsletterSubscription: true, categories: all },
    });
    const since = t.clock.now();
    // The spec's body alone leaves the categories as they are.
    const plain = await update(t, tokens.access_token, { emailSubscription: true, newsletterSubscription: false });
    expect(plain.json()).toEqual({ status: true, message: 'Communication preferences updated successfully.' });
    expect((await view(t, tokens.access_token)).json().data).toEqual({
      emailSubscription: true,
      newsletterSubscription: false,
      categories: all,
    });
    expect(await choicesOf(t, userId)).toEqual([]);

    // With categories, the ones named and changed; naming one unchanged writes nothing.
    const richer = await update(t, tokens.access_token, {
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { reminders: false, news: false, invitations: true },
    });
    expect(richer.statusCode).toBe(200);
    expect((await view(t, tokens.access_token)).json().data).toEqual({
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { reminders: false, invitations: true, news: false },
    });
    expect((await choicesOf(t, userId)).sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: 'news', subscribed: false, source: 'settings' },
      { category: 'reminders', subscribed: false, source: 'settings' },
    ]);
    const audits = (await auditSince(t, since)).filter((r) => r.action.startsWith('mail.') && r.subjectId === userId);
    const categoryOf = (details: unknown) => (details as { category: string }).category;
    audits.sort((a, b) => categoryOf(a.details).localeCompare(categoryOf(b.details)));
    expect(audits.map((a) => [a.action, a.details])).toEqual([
      ['mail.categoryLeft', { category: 'news', source: 'settings' }],
      ['mail.categoryLeft', { category: 'reminders', source: 'settings' }],
    ]);

    // The spec's rule stays: at least one of e-mail or newsletter; bad categories are refused; nothing changes.
    const none = await update(t, tokens.access_token, {
      emailSubscription: false,
      newsletterSubscription: false,
      categories: { reminders: true },
    });
    expect(none.json()).toEqual({ status: false, message: 'Please select atleast one communication preference.' });
    for (const categories of [{ reminders: 'yes' }, { account: false }, []]) {
      const bad = await update(
        t,
        tokens.access_token,
        { emailSubscription: true, newsletterSubscription: true, categories },
        'sp',
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: false, message: 'Elija para cada tipo de correo si desea recibirlo.' });
    }
    expect((await view(t, tokens.access_token)).json().data.categories).toEqual({
      reminders: false,
      invitations: true,
      news: false,
    });
  });
});
