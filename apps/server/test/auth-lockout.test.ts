import { expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from './helpers';
import { userByEmail } from './registration-helpers';
import {
  activeParticipant,
  CODE_EXPIRED,
  codesSentTo,
  INCORRECT,
  INVALID_OTP,
  login,
  MINUTE_MS,
  otherThan,
  PATIENT_PASSWORD,
  setPolicy,
  startCodeLogin,
  submitCode,
  useAuthApp,
  WRONG_PASSWORD,
} from './auth-helpers';

/** `count` wrong passwords in a row, each answered as such. */
async function wrongPasswords(t: TestApp, email: string, count: number) {
  for (let i = 0; i < count; i++) expect((await login(t, email, WRONG_PASSWORD)).json()).toEqual(INCORRECT);
}

const passwordWorks = async (t: TestApp, email: string) => (await login(t, email, PATIENT_PASSWORD)).statusCode === 200;

// Both databases: failures arriving at the same moment are counted under the database's row lock.
describeEachDatabase('lockout', (target) => {
  const testApp = useAuthApp(target);

  it('locks after failedAttemptLimit failures of password and code together, for unlockAccountTimeInMin', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await wrongPasswords(t, email, 3);
    const attempt = await startCodeLogin(t, email);
    expect((await submitCode(t, { otp: otherThan(attempt.code) }, attempt.cookies)).json()).toEqual(INVALID_OTP);
    // The fifth failure locks the account and ends the code check it happened in.
    expect((await submitCode(t, { otp: otherThan(attempt.code) }, attempt.cookies)).json()).toEqual(INVALID_OTP);
    expect((await submitCode(t, { otp: attempt.code }, attempt.cookies)).json()).toEqual(CODE_EXPIRED);

    // While locked, the right password gets the answer a wrong one gets, and no code is sent.
    const locked = await login(t, email.toUpperCase(), PATIENT_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(INCORRECT);
    expect(await codesSentTo(t, email)).toHaveLength(1);

    t.clock.advance(15 * MINUTE_MS - 1000);
    expect(await passwordWorks(t, email)).toBe(false);
    t.clock.advance(1000);
    expect(await passwordWorks(t, email)).toBe(true);
  });

  it('starts the count again after the unlock time', async () => {
    const t = testApp();
    await setPolicy(t, { otpEnabledForPatient: false, failedAttemptLimit: 3, unlockAccountTimeInMin: 5 });
    const email = await activeParticipant(t);
    await wrongPasswords(t, email, 3);
    expect(await passwordWorks(t, email)).toBe(false);
    t.clock.advance(5 * MINUTE_MS);
    await wrongPasswords(t, email, 2);
    expect(await passwordWorks(t, email)).toBe(true);
    expect(await userByEmail(t, email)).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('counts only consecutive failures: a completed sign-in starts the count again', async () => {
    const t = testApp();
    await setPolicy(t, { otpEnabledForPatient: false, failedAttemptLimit: 3 });
    const email = await activeParticipant(t);
    for (let round = 0; round < 3; round++) {
      await wrongPasswords(t, email, 2);
      expect(await passwordWorks(t, email)).toBe(true);
    }
    await wrongPasswords(t, email, 3);
    expect(await passwordWorks(t, email)).toBe(false);
  });

  it('counts failures that arrive at the same moment', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await Promise.all(Array.from({ length: 5 }, () => login(t, email, WRONG_PASSWORD)));
    expect(await passwordWorks(t, email)).toBe(false);
  });
});
