import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/security/password-hash';
import { describeEachDatabase } from './helpers';
import { confirm, registerParticipant } from './registration-helpers';
import { DEMO, INCORRECT, login, PATIENT_PASSWORD, setPolicy, useAuthApp, WRONG_PASSWORD } from './auth-helpers';

const tokensOf = (reply: Awaited<ReturnType<typeof login>>) => reply.json().data?.accessTokenResponse;

// Both databases: the embedded one keeps what a sign-in reads (the account with the security policy) until the
// database announces a change of either; PostgreSQL reads them on every sign-in.
describeEachDatabase('what a sign-in reads', (target) => {
  const testApp = useAuthApp(target);

  it('follows a change of the security policy at the very next sign-in', async () => {
    const t = testApp();
    expect((await login(t, DEMO.email, DEMO.password)).json().data).toEqual({
      twoFactorEnabled: true,
      autoAuthCookie: 'login_attempt',
    });
    await setPolicy(t, { otpEnabledForPatient: false, inactiveSessionTimeoutInMin: 7 });
    expect(tokensOf(await login(t, DEMO.email, DEMO.password))).toMatchObject({ token_type: 'Bearer' });
    await setPolicy(t, { otpEnabledForPatient: true });
    expect(tokensOf(await login(t, DEMO.email.toUpperCase(), DEMO.password))).toBeUndefined();
  });

  it('follows a change of the account: its password, its lock, its status', async () => {
    const t = testApp();
    await setPolicy(t, { otpEnabledForPatient: false, failedAttemptLimit: 2 });
    expect(tokensOf(await login(t, DEMO.email, DEMO.password))).toBeDefined();

    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('Other#Pass2') })
      .where(eq(users.email, DEMO.email));
    expect((await login(t, DEMO.email, DEMO.password)).json()).toEqual(INCORRECT);
    // That failure and the next lock the account: its right password no longer signs in.
    expect((await login(t, DEMO.email, WRONG_PASSWORD)).json()).toEqual(INCORRECT);
    expect((await login(t, DEMO.email, 'Other#Pass2')).json()).toEqual(INCORRECT);

    await t.db.update(users).set({ lockedUntil: null, status: 'pending' }).where(eq(users.email, DEMO.email));
    expect((await login(t, DEMO.email, 'Other#Pass2')).statusCode).toBe(403);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.email, DEMO.email));
    expect(tokensOf(await login(t, DEMO.email, 'Other#Pass2'))).toBeDefined();
  });

  it('finds an address unknown at one sign-in once it is registered', async () => {
    const t = testApp();
    await setPolicy(t, { otpEnabledForPatient: false });
    const email = 'later.participant@example.org';
    expect((await login(t, email, PATIENT_PASSWORD)).json()).toEqual(INCORRECT);
    const registered = await registerParticipant(t, { email });
    expect((await confirm(t, registered)).statusCode).toBe(200);
    expect(tokensOf(await login(t, email, PATIENT_PASSWORD))).toBeDefined();
  });
});
