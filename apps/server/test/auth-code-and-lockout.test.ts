import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { describeEachDatabase, useTestApp } from './helpers';
import {
  activeParticipant,
  attemptCookie,
  codesSentTo,
  freshStart,
  login,
  PATIENT_PASSWORD,
  setPolicy,
  submitCode,
} from './auth-helpers';

const MINUTE_MS = 60_000;
const INVALID_OTP = { status: false, message: 'Invalid OTP', data: { errorCode: 'INVALID_OTP' } };
const CODE_EXPIRED = {
  status: false,
  message: 'Your code has expired, please log in again',
  data: { errorCode: 'LOGIN_OTP_EXPIRED' },
};
const INCORRECT = { status: false, message: 'Incorrect email or password', data: { errorCode: 'INVALID_CREDENTIALS' } };

/** A code that is not the one sent (same length). */
const otherThan = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

describeEachDatabase('the e-mailed login code', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  beforeEach(() => freshStart(testApp()));

  /** A patient part-way through signing in: the attempt's cookie and the code e-mailed for it. */
  async function pending(email?: string) {
    const t = testApp();
    const address = email ?? (await activeParticipant(t));
    const reply = await login(t, address, PATIENT_PASSWORD);
    return { email: address, cookies: attemptCookie(reply), code: (await codesSentTo(t, address)).at(-1)! };
  }

  it('completes the sign-in once, and clears the attempt cookie', async () => {
    const t = testApp();
    const { email, cookies, code } = await pending();
    const reply = await submitCode(t, { otp: code, username: email }, cookies);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ twoFactorEnabled: true, accessTokenResponse: { token_type: 'Bearer' } });
    expect(reply.cookies.find((c) => c.name === 'login_attempt')?.value).toBe('');
    expect((await submitCode(t, { otp: code, username: email }, cookies)).json()).toEqual(CODE_EXPIRED);
  });

  it('refuses a wrong code, then still accepts the right one', async () => {
    const t = testApp();
    const { cookies, code } = await pending();
    expect((await submitCode(t, { otp: otherThan(code) }, cookies)).json()).toEqual(INVALID_OTP);
    expect((await submitCode(t, { otp: otherThan(code) }, cookies, 'sp')).json().message).toBe('Código no válido');
    expect((await submitCode(t, { otp: code }, cookies)).statusCode).toBe(200);
  });

  it('expires the code after otpExpiryInMin minutes', async () => {
    const t = testApp();
    const { cookies, code } = await pending();
    t.clock.advance(10 * MINUTE_MS);
    expect((await submitCode(t, { otp: code }, cookies)).json()).toEqual(CODE_EXPIRED);
  });

  it('works only in the browser that passed the password, and only for the newest login', async () => {
    const t = testApp();
    const first = await pending();
    expect((await submitCode(t, { otp: first.code }, {})).json()).toEqual(CODE_EXPIRED);
    const other = await pending();
    expect((await submitCode(t, { otp: first.code }, other.cookies)).json()).toEqual(INVALID_OTP);
    const second = await pending(first.email);
    expect((await submitCode(t, { otp: first.code }, first.cookies)).json()).toEqual(CODE_EXPIRED);
    expect(
      (await submitCode(t, { otp: second.code, username: 'someone.else@example.org' }, second.cookies)).json(),
    ).toEqual(CODE_EXPIRED);
    expect(
      (await submitCode(t, { otp: second.code, username: first.email.toUpperCase() }, second.cookies)).statusCode,
    ).toBe(200);
  });

  it('asks for the code when it is empty, and refuses one longer than 8 characters or not digits', async () => {
    const t = testApp();
    const { cookies } = await pending();
    const empty = await submitCode(t, { otp: '' }, cookies);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual([{ errorField: 'otp', message: 'Please enter your Login OTP' }]);
    for (const otp of ['123456789', '12a456']) {
      expect((await submitCode(t, { otp }, cookies)).json().data).toEqual([
        { errorField: 'otp', message: 'Invalid OTP' },
      ]);
    }
  });
});

describeEachDatabase('lockout', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  beforeEach(() => freshStart(testApp()));

  it('locks after failedAttemptLimit failures of password and code together, for unlockAccountTimeInMin', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    for (let i = 0; i < 3; i++) expect((await login(t, email, `Wrong#Pass${i}`)).json()).toEqual(INCORRECT);
    const attempt = await login(t, email, PATIENT_PASSWORD);
    const code = (await codesSentTo(t, email)).at(-1)!;
    expect((await submitCode(t, { otp: otherThan(code) }, attemptCookie(attempt))).json()).toEqual(INVALID_OTP);
    // The fifth failure locks the account and ends the code check it happened in.
    expect((await submitCode(t, { otp: otherThan(code) }, attemptCookie(attempt))).json()).toEqual(INVALID_OTP);
    expect((await submitCode(t, { otp: code }, attemptCookie(attempt))).json()).toEqual(CODE_EXPIRED);
    // While locked, the right password gets the answer a wrong one gets, whatever the case of the address.
    const locked = await login(t, email.toUpperCase(), PATIENT_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(INCORRECT);
    expect(await codesSentTo(t, email)).toHaveLength(1);

    t.clock.advance(15 * 60_000);
    expect((await login(t, email, PATIENT_PASSWORD)).json().data).toEqual({
      twoFactorEnabled: true,
      autoAuthCookie: 'login_attempt',
    });
  });

  it('counts only consecutive failures: a completed sign-in starts the count again', async () => {
    const t = testApp();
    await setPolicy(t, sql`otp_enabled_for_patient = false, failed_attempt_limit = 3`);
    const email = await activeParticipant(t);
    for (let round = 0; round < 3; round++) {
      await login(t, email, 'Wrong#Pass1');
      await login(t, email, 'Wrong#Pass2');
      expect((await login(t, email, PATIENT_PASSWORD)).statusCode).toBe(200);
    }
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
    for (let i = 0; i < 3; i++) await login(t, email, 'Wrong#Pass1');
    expect((await login(t, email, PATIENT_PASSWORD)).json()).toEqual(INCORRECT);
  });

  it('counts failures that arrive at the same moment', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await Promise.all(Array.from({ length: 5 }, (_, i) => login(t, email, `Wrong#Pass${i}`)));
    expect((await login(t, email, PATIENT_PASSWORD)).json()).toEqual(INCORRECT);
  });
});
