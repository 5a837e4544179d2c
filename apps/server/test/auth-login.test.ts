import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importPayloadKey, sealPayload } from '@portal/shared/crypto/payload-envelope';
import { describeOnDatabase, TEST_ADMIN_APP_SECRET } from './helpers';
import { appCodeNow } from './second-factor-helpers';
import { postRaw, registerParticipant } from './registration-helpers';
import {
  activeParticipant,
  ADMIN,
  attemptCookie,
  codesSentTo,
  DEMO,
  INCORRECT,
  login,
  PATIENT_PASSWORD,
  refusal,
  setDowntime,
  setPolicy,
  signInAdmin,
  submitCode,
  SYSTEM_DOWN,
  useAuthApp,
  WRONG_PASSWORD,
} from './auth-helpers';

const UNREADABLE = {
  status: false,
  message: 'The request could not be read. Please reload the page and try again.',
};

describeOnDatabase('POST /login', (target) => {
  const testApp = useAuthApp(target);

  it('asks the administrator, whatever the case of the address, for their own second factor: no tokens yet and no e-mail', async () => {
    const t = testApp();
    const reply = await login(t, ADMIN.email.toUpperCase(), ADMIN.password);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      data: { twoFactorEnabled: true, secondFactors: ['app'], autoAuthCookie: 'login_attempt' },
    });
    const cookie = reply.cookies.find((c) => c.name === 'login_attempt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/common-server/login' });
    await t.app.services.mailer.idle();
    expect(t.mail.delivered).toEqual([]);

    // The code of the seeded app (ADMIN_TOTP_SECRET) now signs in, with both tokens.
    const second = await submitCode(
      t,
      { otp: appCodeNow(t, TEST_ADMIN_APP_SECRET), username: ADMIN.email },
      attemptCookie(reply),
    );
    expect(second.json()).toEqual({
      status: true,
      data: {
        twoFactorEnabled: true,
        accessTokenResponse: {
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          expires_in: 300,
          token_type: 'Bearer',
        },
      },
    });
  });

  it('asks a patient for a code of otpLength digits, e-mailed in their language and bound to an HttpOnly cookie', async () => {
    const t = testApp();
    const reply = await login(t, 'Demo.Patient@EXAMPLE.org', DEMO.password);
    expect(reply.json()).toEqual({ status: true, data: { twoFactorEnabled: true, autoAuthCookie: 'login_attempt' } });
    const cookie = reply.cookies.find((c) => c.name === 'login_attempt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/common-server/login' });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43);

    const [code] = await codesSentTo(t, DEMO.email);
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = t.mail.to(DEMO.email);
    expect(mail!.subject).toBe('Su código de acceso del Estudio de Investigación Renal');
    expect(mail!.text).toContain('vence en 10 minutos');
    expect(mail!.text.split('\n')).toContain(code);

    await setPolicy(t, { otpLength: 8 });
    await login(t, DEMO.email, DEMO.password);
    expect((await codesSentTo(t, DEMO.email)).at(-1)).toMatch(/^\d{8}$/);
  });

  it('signs a patient in at once, sending no code, when otpEnabledForPatient is false', async () => {
    const t = testApp();
    await setPolicy(t, { otpEnabledForPatient: false });
    const reply = await login(t, DEMO.email.toUpperCase(), DEMO.password);
    expect(reply.json().data).toEqual({
      twoFactorEnabled: false,
      accessTokenResponse: expect.objectContaining({ token_type: 'Bearer', expires_in: 300 }),
    });
    expect(reply.cookies).toEqual([]);
    expect(await codesSentTo(t, DEMO.email)).toEqual([]);
  });

  it('answers a wrong password, an unknown address and a locked account alike, in both languages', async () => {
    const t = testApp();
    await setPolicy(t, { failedAttemptLimit: 3 });
    const locked = await activeParticipant(t);
    for (let i = 0; i < 3; i++) await login(t, locked, WRONG_PASSWORD);

    for (const language of ['en', 'sp'] as const) {
      const replies = [
        await login(t, DEMO.email, WRONG_PASSWORD, { language }),
        await login(t, 'nobody@example.org', PATIENT_PASSWORD, { language }),
        await login(t, locked, PATIENT_PASSWORD, { language }),
      ];
      const expected =
        language === 'en' ? INCORRECT : { ...INCORRECT, message: 'Correo electrónico o contraseña incorrectos' };
      for (const reply of replies) {
        expect(reply.statusCode).toBe(401);
        expect(reply.json()).toEqual(expected);
      }
    }
    expect(await codesSentTo(t, locked)).toEqual([]);
  });

  it('tells the owner of an account not yet activated, but only once the password is right', async () => {
    const t = testApp();
    const { email } = await registerParticipant(t);
    expect((await login(t, email, WRONG_PASSWORD)).json()).toEqual(INCORRECT);
    const reply = await login(t, email, PATIENT_PASSWORD);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual(
      refusal(
        'ACCOUNT_NOT_ACTIVE',
        'Your account is not active yet. Please open the activation link we e-mailed you, or ask for a new one below.',
      ),
    );
    expect((await login(t, email, PATIENT_PASSWORD, { language: 'sp' })).json().message).toMatch(/^Su cuenta aún no/);
  });

  it('refuses values that are not sealed, or sealed under another key, with 400', async () => {
    const t = testApp();
    const otherKey = await importPayloadKey(randomBytes(32).toString('base64'));
    const bodies: unknown[] = [
      { email: ADMIN.email, password: ADMIN.password },
      { email: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', password: 'bm90IHNlYWxlZA==' },
      await sealPayload(otherKey, { email: ADMIN.email, password: ADMIN.password }),
      { email: 42, password: true },
      [ADMIN.email, ADMIN.password],
      null,
    ];
    for (const body of bodies) {
      const reply = await postRaw(t, '/login', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toEqual(UNREADABLE);
    }
  });

  it('names each missing or invalid field, in the reader’s language', async () => {
    const t = testApp();
    const en = await postRaw(t, '/login', {});
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      status: false,
      message: 'Invalid request',
      data: expect.arrayContaining([
        { errorField: 'email', message: 'Please enter a valid email.' },
        { errorField: 'password', message: 'Please enter your password.' },
      ]),
    });
    const sp = await login(t, 'not-an-address', '', { language: 'sp' });
    expect(sp.statusCode).toBe(400);
    expect(sp.json().data).toEqual(
      expect.arrayContaining([
        { errorField: 'email', message: 'Ingrese un correo electrónico válido.' },
        { errorField: 'password', message: 'Ingrese su contraseña.' },
      ]),
    );
  });

  describe('during downtime', () => {
    it('refuses patients and unknown addresses alike with SYSTEM_DOWN, and lets the administrator in', async () => {
      const t = testApp();
      await setDowntime(t, true);
      for (const [email, password] of [
        [DEMO.email, DEMO.password],
        [DEMO.email, WRONG_PASSWORD],
        ['nobody@example.org', PATIENT_PASSWORD],
      ] as const) {
        const reply = await login(t, email, password);
        expect(reply.statusCode).toBe(503);
        expect(reply.json()).toEqual(SYSTEM_DOWN);
      }
      const spanish = await login(t, DEMO.email, DEMO.password, { language: 'sp' });
      expect(spanish.json().message).toBe('El sistema está en mantenimiento. Inténtelo de nuevo más tarde.');
      expect(await codesSentTo(t, DEMO.email)).toEqual([]);
      // The administrator signs in all the way: the password, then their app's code.
      expect((await signInAdmin(t)).access_token).toEqual(expect.any(String));

      await setDowntime(t, false);
      expect((await login(t, DEMO.email, DEMO.password)).statusCode).toBe(200);
    });
  });
});
