import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { verifyPassword } from '../src/security/password-hash';
import {
  describeEachDatabase,
  describeOnDatabase,
  resetDatabase,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_APP_SECRET,
  TEST_ADMIN_PASSWORD,
  useTestApp,
  type TestApp,
} from './helpers';
import { seedDatabase } from '../src/db/seed';
import {
  activationLinks,
  confirm,
  get,
  linkParts,
  postRaw,
  postSealed,
  registerParticipant,
  userByEmail,
} from './registration-helpers';

const NEW_PASSWORD = 'Riñon#2027';
const LINK_INVALID = { status: false, message: 'Reset password link is expired or invalid.' };

const init = (t: TestApp, email: string, language?: 'en' | 'sp') =>
  get(t, '/reset-password/init', { email }, language ? { language } : {});
const verify = (t: TestApp, link: { token: string; id: string }) => get(t, '/verify-reset-password', link);
const reset = (
  t: TestApp,
  link: { token: string; id: string },
  password = NEW_PASSWORD,
  confirmation = password,
  language?: 'en' | 'sp',
) =>
  postRaw(
    t,
    '/reset-password',
    { token: link.token, userId: link.id, password, newPassword: confirmation },
    language ? { language } : {},
  );

/** An active participant (registered and activated through the API). */
async function activeParticipant(t: TestApp, language: 'en' | 'sp' = 'en') {
  const registered = await registerParticipant(t, { language });
  expect((await confirm(t, registered)).statusCode).toBe(200);
  return registered.email;
}

/** The reset links e-mailed to an address so far, oldest first. */
async function resetLinks(t: TestApp, email: string) {
  return (await activationLinks(t, email)).filter((link) => link.includes('/reset-password?')).map(linkParts);
}

async function loginStatus(t: TestApp, email: string, password: string) {
  return (await postSealed(t, '/login', { email, password })).statusCode;
}

describeOnDatabase('forgot and reset password', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });

  beforeEach(async () => {
    const t = testApp();
    await resetDatabase(t.db);
    await seedDatabase(t.db, {
      adminEmail: TEST_ADMIN_EMAIL,
      adminPassword: TEST_ADMIN_PASSWORD,
      adminAppSecret: TEST_ADMIN_APP_SECRET,
      demo: true,
      clock: t.clock,
    });
    // Participants sign in without the e-mailed code here, so a login shows whether a password works.
    await t.db.execute(sql`update security_policy set otp_enabled_for_patient = false`);
    t.app.services.settings.invalidate();
    t.mail.delivered.length = 0;
  });

  it('gives the same answer for a known and an unknown address, and e-mails only the known one, in their language', async () => {
    const t = testApp();
    const email = await activeParticipant(t, 'sp');
    const known = await init(t, email.toUpperCase());
    const unknown = await init(t, 'nobody@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toMatch(/If an account exists for that address/);
    const [link] = await resetLinks(t, email);
    expect(link?.id).toBe((await userByEmail(t, email))!.id);
    const mail = t.mail.to(email).at(-1)!;
    expect(mail.subject).toBe('Restablezca su contraseña del Estudio de Investigación Renal');
    expect(mail.links).toEqual([
      `${new URL('/reset-password', t.env.PUBLIC_URL).toString()}?token=${link!.token}&id=${link!.id}`,
    ]);
    expect(mail.text).toContain('60 minutos');
    expect(t.mail.to('nobody@example.org')).toEqual([]);
  });

  it('writes to an English-speaking participant in English, whatever language the request came in', async () => {
    const t = testApp();
    const email = await activeParticipant(t, 'en');
    expect((await init(t, email, 'sp')).json().message).toMatch(/^Si existe una cuenta/);
    await resetLinks(t, email);
    expect(t.mail.to(email).at(-1)?.subject).toBe('Reset your Kidney Research Study password');
  });

  it('answers in Spanish and refuses a malformed address', async () => {
    const t = testApp();
    const reply = await init(t, 'not-an-address', 'sp');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/correo electrónico válido/);
  });

  it('resets the password once with the link, ends every session, lifts a lockout and tells the owner', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    const login = await postSealed(t, '/login', { email, password: 'Kidney#2026' });
    const { access_token, refresh_token } = login.json().data.accessTokenResponse;
    await t.db
      .update(users)
      .set({ failedLoginCount: 3, lockedUntil: new Date(t.clock.now().getTime() + 600_000) })
      .where(eq(users.email, email));

    await init(t, email);
    const [link] = await resetLinks(t, email);
    expect((await verify(t, link!)).json()).toMatchObject({ status: true });
    const done = await reset(t, link!);
    expect(done.json()).toEqual({ status: true, message: 'Your password has been reset. You can log in now.' });

    const user = (await userByEmail(t, email))!;
    expect(await verifyPassword(user.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(user.lockedUntil).toBeNull();
    expect(user.passwordChangedAt?.toISOString()).toBe(t.clock.now().toISOString());
    // The old sessions are over, everywhere.
    const me = await t.app.inject({
      method: 'GET',
      url: '/common-server/keycloak/user',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await postRaw(t, '/refresh-token', { refresh_token })).statusCode).toBe(401);
    expect(await loginStatus(t, email, 'Kidney#2026')).toBe(401);
    expect(await loginStatus(t, email, NEW_PASSWORD)).toBe(200);
    // Used once: the link is dead now.
    expect((await verify(t, link!)).json()).toEqual(LINK_INVALID);
    expect((await reset(t, link!, 'Another#2028')).json()).toEqual(LINK_INVALID);
    await t.app.services.mailer.idle();
    expect(t.mail.to(email).at(-1)?.subject).toBe('Your Kidney Research Study password was changed');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['password.resetRequested', 'password.reset']),
    );
    expect(audit.filter((row) => row.action === 'password.reset')).toMatchObject([
      { actorId: user.id, subjectId: user.id },
    ]);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(link!.token);
    expect(JSON.stringify(audit)).not.toContain(user.passwordHash);
  });

  it('does not hold a reset to the 24-hour minimum between password changes', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await init(t, email);
    const [first] = await resetLinks(t, email);
    expect((await reset(t, first!)).json()).toMatchObject({ status: true });
    t.clock.advance(60_000);
    await init(t, email);
    const second = (await resetLinks(t, email)).at(-1)!;
    expect((await reset(t, second, 'Second#2028')).json()).toMatchObject({ status: true });
    expect(await loginStatus(t, email, 'Second#2028')).toBe(200);
  });

  it('refuses a link once its account has been withdrawn, and leaves the password alone', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await init(t, email);
    const [link] = await resetLinks(t, email);
    const before = (await userByEmail(t, email))!;
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, before.id));
    expect((await verify(t, link!)).json()).toEqual(LINK_INVALID);
    expect((await reset(t, link!)).json()).toEqual(LINK_INVALID);
    const [after] = await t.db.select().from(users).where(eq(users.id, before.id));
    expect(after!.passwordHash).toBe(before.passwordHash);
  });

  it('expires a link after 60 minutes, and a newer link replaces an older one', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await init(t, email);
    await init(t, email);
    const [older, newer] = await resetLinks(t, email);
    expect((await verify(t, older!)).json()).toEqual(LINK_INVALID);
    expect((await verify(t, newer!)).json()).toMatchObject({ status: true });
    t.clock.advance(60 * 60_000 - 1000);
    expect((await verify(t, newer!)).json()).toMatchObject({ status: true });
    t.clock.advance(1000);
    expect((await verify(t, newer!)).json()).toEqual(LINK_INVALID);
    expect((await reset(t, newer!)).json()).toEqual(LINK_INVALID);
  });

  it('asks for both fields, the same password twice, and one that meets the policy, in the reader’s language', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await init(t, email);
    const [link] = await resetLinks(t, email);
    const fields = async (password: string, confirmation: string, language?: 'en' | 'sp') =>
      (await reset(t, link!, password, confirmation, language)).json().data;
    expect(await fields('', '')).toEqual([
      { errorField: 'password', message: 'Please enter new password and confirm password' },
      { errorField: 'newPassword', message: 'Please enter new password and confirm password' },
    ]);
    expect(await fields(NEW_PASSWORD, 'Different#2027')).toEqual([
      { errorField: 'newPassword', message: 'New Password and confirm password must match.' },
    ]);
    expect(await fields('short', 'short', 'sp')).toEqual([
      { errorField: 'password', message: expect.stringMatching(/contraseña/i) },
    ]);
    // None of that used the link up.
    expect((await verify(t, link!)).json()).toMatchObject({ status: true });
  });

  it('refuses a wrong token, another account’s id and malformed links without a 500', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await init(t, email);
    const [link] = await resetLinks(t, email);
    const admin = (await userByEmail(t, TEST_ADMIN_EMAIL))!;
    for (const bad of [
      { token: 'x'.repeat(43), id: link!.id },
      { token: link!.token, id: admin.id },
      { token: link!.token, id: 'not-a-uuid' },
      { token: '', id: link!.id },
    ]) {
      expect((await verify(t, bad)).json()).toEqual(LINK_INVALID);
      expect((await reset(t, bad)).json()).toEqual(LINK_INVALID);
    }
  });

  it('sends a never-activated account its activation link instead, and a withdrawn one nothing', async () => {
    const t = testApp();
    const pending = await registerParticipant(t);
    t.mail.delivered.length = 0;
    expect((await init(t, pending.email)).statusCode).toBe(200);
    const links = await activationLinks(t, pending.email);
    expect(links).toHaveLength(1);
    expect(links[0]).toContain('/registration-confirm?');

    const withdrawn = await activeParticipant(t);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.email, withdrawn));
    t.mail.delivered.length = 0;
    expect((await init(t, withdrawn)).statusCode).toBe(200);
    expect(await activationLinks(t, withdrawn)).toEqual([]);
  });

  it('limits reset e-mails to 3 an hour per address', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    const unknown = 'nobody.limited@example.org';
    for (let i = 0; i < 3; i++) {
      expect((await init(t, email)).statusCode).toBe(200);
      expect((await init(t, unknown)).statusCode).toBe(200);
    }
    const limited = await init(t, email);
    expect(limited.statusCode).toBe(429);
    // An address without an account meets the same limit, so the limit tells nothing either.
    expect((await init(t, unknown)).json()).toEqual(limited.json());
    expect(await resetLinks(t, email)).toHaveLength(3);
    t.clock.advance(60 * 60_000);
    expect((await init(t, email)).statusCode).toBe(200);
  });

  it('is closed during downtime', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await init(t, email);
    const [link] = await resetLinks(t, email);
    const now = t.clock.now().getTime();
    await t.db.execute(
      sql`update downtime_settings set enable_downtime = true, effective_start_date = ${new Date(now - 1000).toISOString()}::timestamptz, effective_end_date = ${new Date(now + 3_600_000).toISOString()}::timestamptz`,
    );
    t.app.services.settings.invalidate();
    for (const reply of [await init(t, email), await reset(t, link!)]) {
      expect(reply.statusCode).toBe(503);
      expect(reply.json().message).toBe('System is under maintenance. Please try again later.');
    }
  });
});

// Both databases: per-IP limits are counted in memory on the embedded one, in a table on PostgreSQL.
describeEachDatabase('per-IP limit of forgot password', (target) => {
  // The route allows 10 requests an hour from one address; a factor of 1 keeps that number.
  const testApp = useTestApp(target, { env: { RATE_LIMIT_FACTOR: '1' } });

  it('answers the 11th request in an hour from one IP with 429, in the reader’s language', async () => {
    const t = testApp();
    const from = (remoteAddress: string, email: string, language?: 'en' | 'sp') =>
      get(t, '/reset-password/init', { email }, { remoteAddress, ...(language ? { language } : {}) });
    for (let i = 1; i <= 10; i++) {
      expect((await from('192.0.2.30', `nobody.${i}@example.org`)).statusCode, `request ${i}`).toBe(200);
    }
    const limited = await from('192.0.2.30', 'nobody.11@example.org', 'sp');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: false,
      message: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    });
    expect((await from('192.0.2.31', 'nobody.12@example.org')).statusCode).toBe(200);
  });
});
