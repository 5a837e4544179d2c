import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from './helpers';
import { postRaw, registerParticipant } from './registration-helpers';
import {
  activeParticipant,
  ADMIN,
  codesSentTo,
  freshStart,
  login,
  me,
  PATIENT_PASSWORD,
  setPolicy,
} from './auth-helpers';

const INCORRECT = {
  status: false,
  message: 'Incorrect email or password',
  data: { errorCode: 'INVALID_CREDENTIALS' },
};

describeEachDatabase('POST /login', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  beforeEach(() => freshStart(testApp()));

  it('signs the administrator in at once, with a Keycloak-shaped RS256 access token', async () => {
    const t = testApp();
    const reply = await login(t, ADMIN.email.toUpperCase(), ADMIN.password);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toEqual({
      twoFactorEnabled: false,
      accessTokenResponse: {
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 300,
        token_type: 'Bearer',
      },
    });
    const token = data.accessTokenResponse.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: expect.any(String) });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: ADMIN.email,
      name: 'Study Administrator',
      given_name: 'Study',
      family_name: 'Administrator',
      isConsentSigned: false,
      language: 'en',
      azp: 'kidney-study-portal',
      realm_access: { roles: ['admin'] },
      typ: 'Bearer',
    });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(claims.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const details = await me(t, token);
    expect(details.json()).toMatchObject({ status: true, data: { email: ADMIN.email, isPatient: false } });
  });

  it('asks a patient for the e-mailed code: a code of otpLength digits in their language, bound to an HttpOnly cookie', async () => {
    const t = testApp();
    const email = await activeParticipant(t, 'sp');
    const reply = await login(t, email, PATIENT_PASSWORD);
    expect(reply.json()).toEqual({ status: true, data: { twoFactorEnabled: true, autoAuthCookie: 'login_attempt' } });
    const cookie = reply.cookies.find((c) => c.name === 'login_attempt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/common-server/login' });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43);
    const [code] = await codesSentTo(t, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(t.mail.to(email)[0]!.subject).toBe('Su código de acceso del Estudio de Investigación del Riñón');

    await setPolicy(t, sql`otp_length = 8`);
    await login(t, email, PATIENT_PASSWORD);
    expect((await codesSentTo(t, email)).at(-1)).toMatch(/^\d{8}$/);
  });

  it('signs a patient in at once when the policy asks for no code, with their details and MM/DD/YYYY birth date', async () => {
    const t = testApp();
    await setPolicy(t, sql`otp_enabled_for_patient = false`);
    const reply = await login(t, 'Demo.Patient@Example.org', 'Demo#Pass1');
    const token = reply.json().data.accessTokenResponse.access_token;
    expect(decodeJwt(token)).toMatchObject({ language: 'sp', realm_access: { roles: ['patient'] } });
    expect((await me(t, token)).json().data).toEqual({
      id: expect.any(String),
      firstName: 'Maria',
      lastName: 'Demo',
      email: 'demo.patient@example.org',
      language: 'sp',
      birthDate: '04/12/1961',
      gender: 'female',
      profilePicture: null,
      phoneNumber: null,
      zipCode: '60601',
      isPatient: true,
      isPractitioner: false,
    });
  });

  it('answers an unknown address exactly as a wrong password, and sends nothing', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    const wrong = await login(t, email, 'Wrong#Pass1');
    const unknown = await login(t, 'nobody@example.org', PATIENT_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INCORRECT);
    expect(unknown.json()).toEqual(INCORRECT);
    expect(await codesSentTo(t, email)).toEqual([]);
    const spanish = await login(t, email, 'Wrong#Pass1', { language: 'sp' });
    expect(spanish.json().message).toBe('Correo electrónico o contraseña incorrectos');
  });

  it('tells the owner of an account not yet activated, once the password is right', async () => {
    const t = testApp();
    const { email } = await registerParticipant(t);
    expect((await login(t, email, 'Wrong#Pass1')).json()).toEqual(INCORRECT);
    const reply = await login(t, email, PATIENT_PASSWORD);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().data).toEqual({ errorCode: 'ACCOUNT_NOT_ACTIVE' });
  });

  it('refuses values that are missing, not sealed, or not an address, with translated field messages', async () => {
    const t = testApp();
    const unsealed = await postRaw(t, '/login', { email: ADMIN.email, password: ADMIN.password });
    expect(unsealed.statusCode).toBe(400);
    const missing = await login(t, 'not-an-address', '', { language: 'sp' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toEqual(
      expect.arrayContaining([
        { errorField: 'email', message: 'Ingrese un correo electrónico válido.' },
        { errorField: 'password', message: 'Ingrese su contraseña.' },
      ]),
    );
  });
});
