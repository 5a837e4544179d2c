import { createHash } from 'node:crypto';
import { importPayloadKey, sealPayload } from '@portal/shared/crypto/payload-envelope';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PATIENT } from '../src/db/seed-data';
import {
  auditLog,
  downtimeSettings,
  emailMessages,
  healthSystemVerifications,
  registrationTokens,
  users,
} from '../src/db/schema';
import { verifyPassword } from '../src/security/password-hash';
import { describeOnDatabase, TEST_START, useTestApp, type TestApp } from './helpers';
import {
  postRaw,
  postSealed,
  registerParticipant,
  registration,
  uniqueEmail,
  userByEmail,
} from './registration-helpers';

const PUBLIC_URL = 'https://portal.example.org';
const FAILED = {
  en: 'Registration failed. Please check your input and try again.',
  sp: 'El registro falló. Revise sus datos e inténtelo de nuevo.',
};
const EXISTS = { en: 'Entered email already exists.', sp: 'El correo electrónico ingresado ya existe.' };
const UNREADABLE = 'The request could not be read. Please reload the page and try again.';

describeOnDatabase('registration calls', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false', PUBLIC_URL } });
  describe('POST /register', () => registerTests(testApp));
  describe('values not sealed', () => unsealedTests(testApp));
  describe('POST /validateCredentials', () => validateCredentialsTests(testApp));
});

function registerTests(testApp: () => TestApp) {
  it('stores a pending participant with a lower-cased e-mail, an Argon2id hash and the birth date as a date', async () => {
    const t = testApp();
    const email = uniqueEmail('Ana.Nunez').replace('example.org', 'Example.ORG');
    const reply = await postSealed(t, '/register', registration({ email }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: 'Thank you for registering. We sent you an e-mail to activate your account.',
    });

    const user = await userByEmail(t, email);
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'patient',
      status: 'pending',
      firstName: 'Ana',
      lastName: 'Núñez',
      language: 'en',
      birthDate: '1960-05-17',
      gender: 'female',
      country: 'USA',
      postalCode: '60601',
      healthSystem: 'none',
      activatedAt: null,
    });
    expect(user!.createdAt.toISOString()).toBe(TEST_START);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain('Kidney#2026');
    expect(await verifyPassword(user!.passwordHash, 'Kidney#2026')).toBe(true);
    expect(await verifyPassword(user!.passwordHash, 'Kidney#2027')).toBe(false);
  });

  it("keeps no verification record for 'none', and one awaiting a decision for a real health system", async () => {
    const t = testApp();
    const none = await registerParticipant(t, { healthSystem: 'none' });
    const chosen = await registerParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });
    const verifications = (userId: string) =>
      t.db.select().from(healthSystemVerifications).where(eq(healthSystemVerifications.userId, userId));

    expect(await verifications(none.id)).toEqual([]);
    const [record, ...others] = await verifications(chosen.id);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ healthSystem: 'geisinger', isVerified: null, updatedBy: null });
    expect(record!.consentedAt.toISOString()).toBe(TEST_START);
    expect((await userByEmail(t, chosen.email))!.healthSystem).toBe('geisinger');
  });

  it("writes an 'account.registered' audit row naming the account, its health system and language", async () => {
    const t = testApp();
    const { id } = await registerParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'account.registered',
      actorId: id,
      subjectId: id,
      details: { healthSystem: 'geisinger', language: 'en' },
      ip: '127.0.0.1',
    });
    expect(rows[0]!.at.toISOString()).toBe(TEST_START);
  });

  it('e-mails one activation link to PUBLIC_URL/registration-confirm in the participant’s language', async () => {
    const t = testApp();
    const email = uniqueEmail();
    // The reader of the page uses English; the participant chose Spanish.
    const reply = await postSealed(t, '/register', registration({ email, language: 'sp' }), { language: 'en' });
    expect(reply.statusCode).toBe(200);
    await t.app.services.mailer.idle();

    const messages = t.mail.to(email);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    const user = await userByEmail(t, email);
    expect(message!.subject).toBe('Active su cuenta del Estudio de Investigación Renal');
    expect(message!.html).toContain('<html lang="es">');
    expect(message!.text).toContain('Hola, Ana:');
    expect(message!.text).toContain('vence el 05/30/2026');
    expect(message!.links).toHaveLength(1);
    const link = new URL(message!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/registration-confirm`);
    expect([...link.searchParams.keys()].sort()).toEqual(['id', 'token']);
    expect(link.searchParams.get('id')).toBe(user!.id);
    expect(message!.text).toContain(message!.links[0]);

    const [row] = await t.db.select().from(emailMessages).where(eq(emailMessages.userId, user!.id));
    expect(row).toMatchObject({ template: 'activation', language: 'sp', status: 'sent', recipient: email });
  });

  it('stores the activation token only as its SHA-256, expiring after the policy’s 90 days', async () => {
    const t = testApp();
    const { id, token } = await registerParticipant(t);
    const rows = await t.db.select().from(registrationTokens).where(eq(registrationTokens.userId, id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.toISOString()).toBe('2026-05-30T12:00:00.000Z');
    expect(row).toMatchObject({ usedAt: null, revokedAt: null });
  });

  it('refuses an address already registered, whatever its case, with 409 and sends nothing more', async () => {
    const t = testApp();
    const { email } = await registerParticipant(t);
    for (const [language, again] of [
      ['en', email.toUpperCase()],
      ['sp', ` ${email} `],
    ] as const) {
      const reply = await postSealed(t, '/register', registration({ email: again }), { language });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        status: false,
        message: FAILED[language],
        data: [{ errorField: 'email', message: EXISTS[language] }],
      });
    }
    await t.app.services.mailer.idle();
    expect(t.mail.to(email)).toHaveLength(1);
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
  });

  it('refuses the address of an active account too', async () => {
    const reply = await postSealed(testApp(), '/register', registration({ email: DEMO_PATIENT.email }));
    expect(reply.statusCode).toBe(409);
    expect(reply.json().data).toEqual([{ errorField: 'email', message: EXISTS.en }]);
  });

  it('lets the address of a withdrawn account register again', async () => {
    const t = testApp();
    const first = await registerParticipant(t);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, first.id));

    const reply = await postSealed(t, '/register', registration({ email: first.email, firstName: 'Anita' }));
    expect(reply.statusCode).toBe(200);
    const accounts = await t.db.select().from(users).where(eq(users.email, first.email));
    expect(accounts.map((a) => a.status).sort()).toEqual(['pending', 'withdrawn']);
    expect((await userByEmail(t, first.email))!.firstName).toBe('Anita');
  });

  it('refuses an address with a control character, NUL included, as not valid', async () => {
    const t = testApp();
    for (const email of ['ana\u0000x@example.org', 'ana\u0001x@example.org']) {
      for (const path of ['/register', '/validateCredentials']) {
        const reply = await postSealed(t, path, registration({ email }));
        expect(reply.statusCode, `${path} ${JSON.stringify(email)}`).toBe(400);
        expect(reply.json().data).toEqual([{ errorField: 'email', message: 'Please enter a valid email.' }]);
      }
    }
  });

  it('accepts a participant whose 18th birthday has begun somewhere on Earth, and not one a day younger', async () => {
    // At 12:00 UTC on 03/01/2026 it is already 03/02/2026 on Kiritimati (UTC+14).
    const t = testApp();
    expect((await postSealed(t, '/register', registration({ birthDate: '03/02/2008' }))).statusCode).toBe(200);
    const younger = await postSealed(t, '/register', registration({ birthDate: '03/03/2008' }));
    expect(younger.statusCode).toBe(400);
    expect(younger.json().data).toEqual([{ errorField: 'birthDate', message: 'Your age must be 18 years or above' }]);
  });
}

/** POST /register and /validateCredentials with values not sealed. */
function unsealedTests(testApp: () => TestApp) {
  it.each([
    ['plain text values', () => ({ ...registration(), isAdult: 'true' })],
    ['a JSON array', () => [registration()]],
    ['a JSON string', () => 'hello'],
    ['a number among the values', () => ({ email: 42 })],
    ['a value sealed under another key', async () => sealUnderAnotherKey()],
    ['a tampered sealed value', async (key: string) => tamper(await sealAll(key))],
    ['a sealed value cut short', async (key: string) => ({ email: (await sealAll(key)).email!.slice(0, 12) })],
  ])('answers 400 to %s', async (_what, body) => {
    const t = testApp();
    for (const path of ['/register', '/validateCredentials']) {
      const reply = await postRaw(t, path, await body(t.env.PAYLOAD_KEY));
      expect(reply.statusCode, path).toBe(400);
      expect(reply.json(), path).toEqual({ status: false, message: UNREADABLE });
    }
  });

  it('answers in Spanish to a Spanish reader', async () => {
    const reply = await postRaw(testApp(), '/register', { email: 'plain' }, { language: 'sp' });
    expect(reply.json()).toEqual({
      status: false,
      message: 'No se pudo leer la solicitud. Vuelva a cargar la página e inténtelo de nuevo.',
    });
  });

  it('stores nothing for such a request', async () => {
    const t = testApp();
    const email = uniqueEmail();
    await postRaw(t, '/register', { ...registration({ email }), isAdult: 'true' });
    expect(await userByEmail(t, email)).toBeUndefined();
  });

  async function sealAll(base64Key: string) {
    return sealPayload(await importPayloadKey(base64Key), registration());
  }
  async function sealUnderAnotherKey() {
    return sealPayload(await importPayloadKey(Buffer.alloc(32, 9).toString('base64')), registration());
  }
  function tamper(sealed: Record<string, string>) {
    const value = sealed.email!;
    const flipped = value[20] === 'A' ? 'B' : 'A';
    return { ...sealed, email: `${value.slice(0, 20)}${flipped}${value.slice(21)}` };
  }
}

function validateCredentialsTests(testApp: () => TestApp) {
  const check = (email: string, password: string, language?: 'en' | 'sp') =>
    postSealed(testApp(), '/validateCredentials', { email, password }, { language });

  it('accepts a free address and a password meeting the policy, storing nothing', async () => {
    const email = uniqueEmail();
    const reply = await check(email, 'Kidney#2026');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: true, message: 'Your e-mail and password can be used.' });
    expect(await userByEmail(testApp(), email)).toBeUndefined();
  });

  it('lists what is wrong with each field, translated', async () => {
    const en = await check('ana@example', 'short');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      status: false,
      message: 'Please check your e-mail and password.',
      data: [
        { errorField: 'email', message: 'Please enter a valid email.' },
        { errorField: 'password', message: 'Your password does not meet all the requirements below.' },
      ],
    });
    const sp = await check('ana@example', '', 'sp');
    expect(sp.json()).toEqual({
      status: false,
      message: 'Revise su correo electrónico y su contraseña.',
      data: [
        { errorField: 'email', message: 'Por favor, ingrese un correo electrónico válido.' },
        { errorField: 'password', message: 'Por favor, ingrese su contraseña.' },
      ],
    });
  });

  it('refuses a request that leaves the fields out, naming them', async () => {
    const reply = await postSealed(testApp(), '/validateCredentials', {});
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Please check your e-mail and password.',
      data: [
        { errorField: 'email', message: 'Please enter a valid email.' },
        { errorField: 'password', message: 'Please enter your password.' },
      ],
    });
  });

  it('refuses an address already registered, whatever its case, with 409', async () => {
    const { email } = await registerParticipant(testApp());
    for (const address of [email, email.toUpperCase(), DEMO_PATIENT.email]) {
      const reply = await check(address, 'Kidney#2026');
      expect(reply.statusCode, address).toBe(409);
      expect(reply.json().data, address).toEqual([{ errorField: 'email', message: EXISTS.en }]);
    }
    expect((await check(email, 'Kidney#2026', 'sp')).json().data).toEqual([
      { errorField: 'email', message: EXISTS.sp },
    ]);
  });

  it('accepts the address of a withdrawn account', async () => {
    const t = testApp();
    const { id, email } = await registerParticipant(t);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, id));
    expect((await check(email, 'Kidney#2026')).statusCode).toBe(200);
  });
}

describeOnDatabase('POST /register during downtime', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  const SETTINGS_TTL_MS = 5_000;

  it('answers 503 with the maintenance message while the window is on, and registers again after', async () => {
    const t = testApp();
    const now = t.clock.now().getTime();
    await t.db
      .update(downtimeSettings)
      .set({
        enableDowntime: true,
        effectiveStartDate: new Date(now - 60_000),
        effectiveEndDate: new Date(now + 3_600_000),
      })
      .where(eq(downtimeSettings.id, 1));
    t.clock.advance(SETTINGS_TTL_MS); // the settings are cached for 5 s of the app clock

    const payload = registration();
    for (const [language, message] of [
      ['en', 'System is under maintenance. Please try again later.'],
      ['sp', 'El sistema está en mantenimiento. Inténtelo de nuevo más tarde.'],
    ] as const) {
      const reply = await postSealed(t, '/register', payload, { language });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ status: false, message });
    }
    expect(await userByEmail(t, String(payload.email))).toBeUndefined();

    t.clock.advance(3_600_000); // the window is over
    expect((await postSealed(t, '/register', payload)).statusCode).toBe(200);
  });
});
