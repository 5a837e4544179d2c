import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { staffFactors } from '../src/db/schema';
import { describeEachDatabase } from './helpers';
import { attemptCookie, freshStartAt, login, me, useAuthApp } from './auth-helpers';
import { ORIGIN, STAFF_APP_SECRET, signInCall } from './second-factor-helpers';
import { adminSession } from './settings-helpers';
import { addStaffMember, STAFF, STAFF_PASSWORD } from './staff-helpers';
import { signWithSoftPasskey } from './soft-passkey';
import { addPasskey, auditOf, passkeySignIn, PASSKEY_FAILED, staffSignIn } from './staff-security-helpers';

const START = '2026-05-11T08:30:00.000Z';
const REFUSED = { status: false, message: PASSKEY_FAILED.en, data: { errorCode: 'INVALID_CREDENTIALS' } };
const ACCESS_TOKEN = {
  access_token: expect.any(String),
  refresh_token: expect.any(String),
  expires_in: 300,
  token_type: 'Bearer',
};

// Both databases: a challenge and a passkey's counter are each spent by one conditional statement.
describeEachDatabase('Staff sign-in with a passkey', (target) => {
  const testApp = useAuthApp(target);

  it('signs in with a passkey alone (discoverable), and with one after the password (only that member’s passkeys offered)', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const session = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const laptop = await addPasskey(t, session.access_token, 'Laptop');
    const phone = await addPasskey(t, session.access_token, 'Phone');
    const other = await addStaffMember(t, { role: 'analyst' });
    const othersSession = await staffSignIn(t, other.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    await addPasskey(t, othersSession.access_token);

    // Without a password: any passkey of the site.
    const options = await signInCall(t, '/login/passkey/options');
    expect(options.json().data).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.json().data.allowCredentials ?? []).toEqual([]);
    const discoverable = await signInCall(t, '/login/passkey', {
      response: signWithSoftPasskey(laptop, options.json().data, ORIGIN),
    });
    expect(discoverable.json()).toEqual({
      status: true,
      data: { twoFactorEnabled: true, accessTokenResponse: ACCESS_TOKEN },
    });
    const token = discoverable.json().data.accessTokenResponse.access_token;
    expect((await me(t, token)).json().data).toMatchObject({ email: member.email });
    expect(await auditOf(t, 'login.succeeded', member.id, new Date(START))).toContainEqual({
      actorId: member.id,
      subjectId: member.id,
      details: { method: 'passkey', sessionId: expect.any(String) },
    });

    // After the password: the challenge names this member's passkeys, and no one else's.
    const first = await login(t, member.email, STAFF_PASSWORD);
    expect(first.json().data).toMatchObject({ secondFactors: ['app', 'passkey'] });
    const cookies = attemptCookie(first);
    const step = await signInCall(t, '/login/passkey/step-options', {}, { cookies });
    const passkeys = await t.db.select().from(staffFactors).where(eq(staffFactors.kind, 'passkey'));
    const ids = (userId: string) => passkeys.filter((p) => p.userId === userId).map((p) => p.credentialId);
    expect(
      step
        .json()
        .data.allowCredentials.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual(ids(member.id).sort());
    expect(ids(member.id)).toHaveLength(2);
    const afterPassword = await signInCall(
      t,
      '/login/passkey',
      { response: signWithSoftPasskey(phone, step.json().data, ORIGIN) },
      { cookies },
    );
    expect(afterPassword.statusCode, afterPassword.body).toBe(200);
    expect(afterPassword.cookies.find((c) => c.name === 'login_attempt')?.value).toBe('');

    // The step's options need the attempt's cookie.
    const without = await signInCall(t, '/login/passkey/step-options');
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({
      status: false,
      message: 'Your code has expired, please log in again',
      data: { errorCode: 'LOGIN_OTP_EXPIRED' },
    });
  });

  it('refuses another member’s passkey for a member’s challenge, an answer given twice, and one for another origin', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const memberPasskey = await addPasskey(
      t,
      (await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET)).access_token,
    );
    const other = await addStaffMember(t, { role: 'helpDesk' });
    const othersPasskey = await addPasskey(
      t,
      (await staffSignIn(t, other.email, STAFF_PASSWORD, STAFF_APP_SECRET)).access_token,
    );
    const since = new Date(START);

    // The other member's passkey, for the challenge of this member's password step: with the cookie, and without.
    const first = await login(t, member.email, STAFF_PASSWORD);
    const cookies = attemptCookie(first);
    const step = (await signInCall(t, '/login/passkey/step-options', {}, { cookies })).json().data;
    const withCookie = await signInCall(
      t,
      '/login/passkey',
      { response: signWithSoftPasskey(othersPasskey, step, ORIGIN) },
      { cookies },
    );
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json()).toEqual(REFUSED);
    const withoutCookie = await signInCall(t, '/login/passkey', {
      response: signWithSoftPasskey(othersPasskey, step, ORIGIN),
    });
    expect(withoutCookie.json()).toEqual(REFUSED);
    expect(
      (
        await signInCall(
          t,
          '/login/passkey',
          { response: signWithSoftPasskey(othersPasskey, step, ORIGIN) },
          { language: 'sp' },
        )
      ).json(),
    ).toEqual({ ...REFUSED, message: PASSKEY_FAILED.sp });

    // An answer signed for another origin.
    const phishing = await passkeySignIn(t, memberPasskey, {});
    expect(phishing.reply.statusCode).toBe(200);
    const options = (await signInCall(t, '/login/passkey/options')).json().data;
    const evil = await signInCall(t, '/login/passkey', {
      response: signWithSoftPasskey(memberPasskey, options, 'https://evil.example'),
    });
    expect(evil.json()).toEqual(REFUSED);

    // The same answer twice: its challenge is spent.
    const replayed = await signInCall(t, '/login/passkey', { response: phishing.response });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(REFUSED);

    expect((await auditOf(t, 'secondFactor.failed', member.id, since)).map((row) => row.details)).toEqual([
      { reason: 'otherUser', during: 'signIn', method: 'passkey' },
    ]);
    const failures = await auditOf(t, 'secondFactor.failed', other.id, since);
    expect(failures).toEqual([]);
  });

  it('tells a deactivated member so when their passkey signs, and opens no session', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'analyst' });
    const passkey = await addPasskey(
      t,
      (await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET)).access_token,
    );
    const admin = await adminSession(t);
    expect((await admin('POST', `${STAFF}/${member.id}/deactivate`)).statusCode).toBe(200);

    const { reply } = await passkeySignIn(t, passkey);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Your access to the portal has been ended. If you still need it, ask a study administrator.',
      data: { errorCode: 'ACCOUNT_NOT_ACTIVE' },
    });
    expect((await passkeySignIn(t, passkey, { language: 'sp' })).reply.json().message).toBe(
      'Su acceso al portal ha terminado. Si aún lo necesita, pídaselo a un administrador del estudio.',
    );
    // Only the sign-in before the deactivation opened a session.
    expect(await auditOf(t, 'login.succeeded', member.id, new Date(START))).toHaveLength(1);
  });
});
