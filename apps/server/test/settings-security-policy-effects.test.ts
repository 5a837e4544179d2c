import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { describeOnDatabase, testTokenSigningKey, type TestApp } from './helpers';
import {
  activeParticipant,
  codesSentTo,
  INCORRECT,
  login,
  PATIENT_PASSWORD,
  startCodeLogin,
  useAuthApp,
  WRONG_PASSWORD,
} from './auth-helpers';
import { confirm, get, postSealed, registerParticipant, registration, uniqueEmail } from './registration-helpers';
import { adminSession, SEEDED_POLICY } from './settings-helpers';

const ACTIVATED = { status: true, message: 'Your account is active now' };
const EXPIRED = { status: false, message: 'Sorry ! Your activation link is expired.' };
const POLICY_REFUSAL = { errorField: 'password', message: 'Your password does not meet all the requirements below.' };

/** Saves the policy as an administrator does, through the editor's call. */
async function savePolicy(t: TestApp, changes: Record<string, unknown>) {
  const admin = await adminSession(t);
  const reply = await admin('PUT', '/setting/security-policy-config', { payload: { ...SEEDED_POLICY, ...changes } });
  expect(reply.statusCode, reply.body).toBe(200);
}

describeOnDatabase('A saved security policy applies to the next request', (target) => {
  const testApp = useAuthApp(target);

  it('gives a new activation link registrationTokenExpiryInDays days', async () => {
    const t = testApp();
    t.clock.set('2026-04-01T00:00:00.000Z');
    await savePolicy(t, { registrationTokenExpiryInDays: 120 });
    const early = await registerParticipant(t);
    const late = await registerParticipant(t);
    t.clock.set('2026-07-29T23:59:59.999Z');
    expect((await confirm(t, early)).json()).toEqual(ACTIVATED);
    t.clock.set('2026-07-30T00:00:00.000Z');
    expect((await confirm(t, late)).json()).toEqual(EXPIRED);
  });

  it('checks passwords against the saved rules on validateCredentials and registration', async () => {
    const t = testApp();
    const check = (password: string) => postSealed(t, '/validateCredentials', { email: uniqueEmail(), password });
    // 'Kidney#2026' is 11 characters with one upper-case letter.
    expect((await check('Kidney#2026')).statusCode).toBe(200);

    await savePolicy(t, { minLength: 12 });
    const short = await check('Kidney#2026');
    expect(short.statusCode).toBe(400);
    expect(short.json().data).toEqual([POLICY_REFUSAL]);
    const refused = await postSealed(t, '/register', registration({ password: 'Kidney#2026' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toContainEqual(POLICY_REFUSAL);
    expect((await check('Kidney#20266')).statusCode).toBe(200);
    const policy = await get(t, '/externalization/password-policy');
    expect(policy.json().data).toMatchObject({ minLength: 12, maxLength: 15 });

    await savePolicy(t, { upperCaseCharCount: 2 });
    expect((await check('Kidney#2026')).json().data).toEqual([POLICY_REFUSAL]);
    expect((await check('KIdney#2026')).statusCode).toBe(200);
  });

  it('sends login codes of the saved otpLength', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    expect((await startCodeLogin(t, email)).code).toMatch(/^\d{6}$/);
    await savePolicy(t, { otpLength: 8 });
    expect((await startCodeLogin(t, email)).code).toMatch(/^\d{8}$/);
    await savePolicy(t, { otpLength: 4 });
    expect((await startCodeLogin(t, email)).code).toMatch(/^\d{4}$/);
  });

  it('signs patients in without a code once otpEnabledForPatient is off, and asks again once on', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await savePolicy(t, { otpEnabledForPatient: false });
    const direct = await login(t, email, PATIENT_PASSWORD);
    expect(direct.statusCode).toBe(200);
    expect(direct.json().data).toMatchObject({
      twoFactorEnabled: false,
      accessTokenResponse: { token_type: 'Bearer' },
    });
    expect(await codesSentTo(t, email)).toEqual([]);

    await savePolicy(t, { otpEnabledForPatient: true });
    const withCode = await login(t, email, PATIENT_PASSWORD);
    expect(withCode.json().data).toMatchObject({ twoFactorEnabled: true });
    expect(withCode.json().data.accessTokenResponse).toBeUndefined();
    expect(await codesSentTo(t, email)).toHaveLength(1);
  });

  it('locks after the saved failedAttemptLimit for the saved unlockAccountTimeInMin', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await savePolicy(t, { otpEnabledForPatient: false, failedAttemptLimit: 3, unlockAccountTimeInMin: 5 });
    for (let i = 0; i < 3; i++) expect((await login(t, email, WRONG_PASSWORD)).json()).toEqual(INCORRECT);
    expect((await login(t, email, PATIENT_PASSWORD)).json()).toEqual(INCORRECT);
    t.clock.advance(5 * 60_000 - 1000);
    expect((await login(t, email, PATIENT_PASSWORD)).statusCode).toBe(401);
    t.clock.advance(1000);
    expect((await login(t, email, PATIENT_PASSWORD)).statusCode).toBe(200);
  });

  it('gives the saved inactiveSessionTimeoutInMin in GET /client-config', async () => {
    const t = testApp();
    const timeout = async () => (await get(t, '/client-config')).json().data.inactiveSessionTimeoutInMin;
    expect(await timeout()).toBe(30);
    await savePolicy(t, { inactiveSessionTimeoutInMin: 45 });
    expect(await timeout()).toBe(45);
  });

  it('is in force at once on another server of the same database', async () => {
    const t = testApp();
    const other = await buildApp({
      env: t.env,
      db: t.db,
      clock: t.clock,
      logger: false,
      tokenSigningKey: await testTokenSigningKey(),
      mailTransport: t.mail,
    });
    try {
      await other.ready();
      const second: TestApp = { ...t, app: other };
      const email = await activeParticipant(t);
      expect((await startCodeLogin(second, email)).code).toMatch(/^\d{6}$/);
      await savePolicy(t, { otpLength: 7, inactiveSessionTimeoutInMin: 40 });
      expect((await startCodeLogin(second, email)).code).toMatch(/^\d{7}$/);
      expect((await get(second, '/client-config')).json().data.inactiveSessionTimeoutInMin).toBe(40);
    } finally {
      await other.close();
    }
  });
});
