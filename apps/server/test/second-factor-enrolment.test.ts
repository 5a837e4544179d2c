import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { staffFactors, staffRecoveryCodes } from '../src/db/schema';
import { describeEachDatabase, type TestApp } from './helpers';
import { attemptCookie, freshStartAt, login, me, submitCode, useAuthApp } from './auth-helpers';
import { postRaw } from './registration-helpers';
import { appCodeAt, appCodeNow, enrolApp, ORIGIN, signInCall } from './second-factor-helpers';
import { adminSession, UUID } from './settings-helpers';
import { addStaffMember, latestInvitationToken, STAFF, STAFF_PASSWORD, staffInvitation } from './staff-helpers';
import { createSoftPasskey, signWithSoftPasskey } from './soft-passkey';
import { auditOf, ENROLMENT_EXPIRED, PASSKEY_FAILED, wrongCode } from './staff-security-helpers';

const START = '2026-04-06T10:00:05.000Z';
const EMAIL = 'rosa.mendez@staff.example.org';
const PASSWORD = 'Riñón#2026';
const RECOVERY_CODE = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/;
const ACCESS_TOKEN = {
  access_token: expect.any(String),
  refresh_token: expect.any(String),
  expires_in: 300,
  token_type: 'Bearer',
};
const EXPIRED = { status: false, message: ENROLMENT_EXPIRED, data: { errorCode: 'LOGIN_OTP_EXPIRED' } };

/** A staff member whose factors are gone (as a first sign-in or an administrator's reset leaves them). */
async function memberWithoutFactor(t: TestApp) {
  const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
  await t.db.delete(staffFactors).where(eq(staffFactors.userId, member.id));
  return member;
}

/** The password step of a member without a factor: the enrolment's cookie. */
async function enrolmentCookie(t: TestApp, email: string) {
  const reply = await login(t, email, STAFF_PASSWORD);
  expect(reply.json().data).toMatchObject({ enrolmentRequired: true });
  return attemptCookie(reply);
}

const factorsOf = (t: TestApp, userId: string) =>
  t.db.select().from(staffFactors).where(eq(staffFactors.userId, userId));

// Both databases: an enrolment spends its attempt and saves the factor and the codes in one transaction, once
// however many calls race for it.
describeEachDatabase('Enrolment of a second factor', (target) => {
  const testApp = useAuthApp(target);

  it('takes an invited member from the password straight to an authenticator app: its secret, its first code, ten recovery codes and a session', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const invited = await admin('POST', `${STAFF}/invitation`, { payload: staffInvitation({ role: 'analyst' }) });
    const memberId = invited.json().data.id as string;
    const token = await latestInvitationToken(t, EMAIL);

    const accepted = await postRaw(t, '/staff-invitation/accept', { token, password: PASSWORD });
    expect(accepted.json()).toEqual({
      status: true,
      message: 'Your account is ready. You can sign in now.',
      data: { enrolmentRequired: true },
    });
    const cookies = attemptCookie(accepted);
    expect(accepted.cookies.find((c) => c.name === 'login_attempt')!.expires).toEqual(
      new Date('2026-04-06T10:15:05.000Z'),
    );

    const started = await signInCall(t, '/login/enrolment/app', {}, { cookies });
    expect(started.json()).toEqual({
      status: true,
      data: { factorId: UUID, secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUri: expect.any(String) },
    });
    const { factorId, secret } = started.json().data as { factorId: string; secret: string };
    expect(started.json().data.otpauthUri).toBe(
      'otpauth://totp/Kidney%20Research%20Study:rosa.mendez%40staff.example.org?issuer=Kidney%20Research%20Study' +
        `&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // The app waits for its first code: it signs nobody in yet.
    expect(await factorsOf(t, memberId)).toMatchObject([{ id: factorId, kind: 'app', confirmedAt: null }]);

    const confirm = (otp: string) =>
      signInCall(t, '/login/enrolment/app/confirm', { factorId, otp, name: 'Work phone' }, { cookies });
    const wrong = await confirm(appCodeAt(secret, new Date('2026-04-06T10:01:05.000Z')));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(wrongCode());

    const done = await confirm(appCodeNow(t, secret));
    expect(done.json()).toEqual({
      status: true,
      data: { recoveryCodes: expect.any(Array), accessTokenResponse: ACCESS_TOKEN },
    });
    const { recoveryCodes, accessTokenResponse } = done.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
    expect((await me(t, accessTokenResponse.access_token)).json().data).toMatchObject({ email: EMAIL });
    expect(done.cookies.find((c) => c.name === 'login_attempt')?.value).toBe('');
    expect(await factorsOf(t, memberId)).toMatchObject([
      { id: factorId, kind: 'app', name: 'Work phone', confirmedAt: new Date(START) },
    ]);
    expect(await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, memberId))).toHaveLength(
      10,
    );
    expect(await auditOf(t, 'secondFactor.enrolled', memberId)).toEqual([
      { actorId: memberId, subjectId: memberId, details: { kind: 'app', recoveryCodes: 10 } },
    ]);

    // The attempt is spent: it enrols nothing more.
    const twice = await confirm(appCodeAt(secret, new Date('2026-04-06T10:00:35.000Z')));
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual(EXPIRED);
    expect((await signInCall(t, '/login/enrolment/app', {}, { cookies })).json()).toEqual(EXPIRED);
    expect(await factorsOf(t, memberId)).toHaveLength(1);

    // From now on the password asks for that app's code (a new one: the first was spent).
    t.clock.advance(30_000);
    const next = await login(t, EMAIL, PASSWORD);
    expect(next.json().data).toMatchObject({ secondFactors: ['app'] });
    const signedIn = await submitCode(t, { otp: appCodeNow(t, secret), username: EMAIL }, attemptCookie(next));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('enrols once when two confirmations of one attempt race', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await memberWithoutFactor(t);
    const cookies = await enrolmentCookie(t, member.email);
    const started = (await signInCall(t, '/login/enrolment/app', {}, { cookies })).json().data;
    const body = { factorId: started.factorId, otp: appCodeNow(t, started.secret) };
    const replies = await Promise.all([
      signInCall(t, '/login/enrolment/app/confirm', body, { cookies }),
      signInCall(t, '/login/enrolment/app/confirm', body, { cookies }),
    ]);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(await factorsOf(t, member.id)).toHaveLength(1);
    expect(await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, member.id))).toHaveLength(
      10,
    );
  });

  it('enrols a member without a factor after their password; the enrolment lasts 15 minutes, and a waiting app signs nobody in', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await memberWithoutFactor(t);
    const cookies = await enrolmentCookie(t, member.email);
    // An app started but never confirmed does not count: the next password step still asks for enrolment.
    expect((await signInCall(t, '/login/enrolment/app', {}, { cookies })).statusCode).toBe(200);
    const again = await enrolmentCookie(t, member.email);
    expect(await factorsOf(t, member.id)).toMatchObject([{ kind: 'app', confirmedAt: null }]);

    // The attempt of 10:00:05 lasts 15 minutes: a second before its end it still enrols.
    t.clock.set('2026-04-06T10:15:04.000Z');
    const enrolled = await enrolApp(t, again);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    // Starting again dropped the first waiting app: only the confirmed one is left.
    expect(await factorsOf(t, member.id)).toMatchObject([{ id: enrolled.factorId, kind: 'app' }]);

    const late = await addStaffMember(t, { role: 'analyst' });
    await t.db.delete(staffFactors).where(eq(staffFactors.userId, late.id));
    const lateCookies = await enrolmentCookie(t, late.email);
    // 15 minutes after this password step, its enrolment has expired.
    t.clock.set('2026-04-06T10:30:04.000Z');
    for (const path of ['/login/enrolment/app', '/login/enrolment/passkey/options']) {
      const reply = await signInCall(t, path, {}, { cookies: lateCookies });
      expect(reply.statusCode, path).toBe(401);
      expect(reply.json()).toEqual(EXPIRED);
    }
    expect((await signInCall(t, '/login/enrolment/app', {})).json()).toEqual(EXPIRED);
    expect((await signInCall(t, '/login/enrolment/app', {}, { cookies: lateCookies, language: 'sp' })).json()).toEqual({
      ...EXPIRED,
      message: 'Esta configuración venció. Vuelva a iniciar sesión.',
    });
  });

  it('enrols a passkey made by the authenticator: a discoverable credential with user verification, for this site', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await memberWithoutFactor(t);
    const cookies = await enrolmentCookie(t, member.email);

    const options = await signInCall(t, '/login/enrolment/passkey/options', {}, { cookies });
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toMatchObject({
      challenge: expect.any(String),
      rp: { id: 'localhost', name: 'Kidney Research Study' },
      user: { name: member.email, displayName: 'Staff coordinator' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { passkey, response } = createSoftPasskey(options.json().data, ORIGIN);
    const done = await signInCall(t, '/login/enrolment/passkey', { response, name: 'Laptop' }, { cookies });
    expect(done.json()).toEqual({
      status: true,
      data: { recoveryCodes: expect.any(Array), accessTokenResponse: ACCESS_TOKEN },
    });
    expect(done.json().data.recoveryCodes).toHaveLength(10);
    expect(await factorsOf(t, member.id)).toMatchObject([
      { kind: 'passkey', name: 'Laptop', credentialId: response.id, signCount: 0, transports: ['internal'] },
    ]);
    expect(await auditOf(t, 'secondFactor.enrolled', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { kind: 'passkey', recoveryCodes: 10 } },
    ]);

    // The password now asks for the passkey, which signs in after it.
    const next = await login(t, member.email, STAFF_PASSWORD);
    expect(next.json().data).toMatchObject({ secondFactors: ['passkey'] });
    const step = await signInCall(t, '/login/passkey/step-options', {}, { cookies: attemptCookie(next) });
    const signed = signWithSoftPasskey(passkey, step.json().data, ORIGIN);
    const signedIn = await signInCall(t, '/login/passkey', { response: signed }, { cookies: attemptCookie(next) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('refuses a passkey answering another challenge, another member’s, from another origin or for another site, and saves nothing', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await memberWithoutFactor(t);
    const other = await addStaffMember(t, { role: 'auditor' });
    await t.db.delete(staffFactors).where(eq(staffFactors.userId, other.id));
    const cookies = await enrolmentCookie(t, member.email);
    const otherCookies = await enrolmentCookie(t, other.email);
    const freshOptions = async () =>
      (await signInCall(t, '/login/enrolment/passkey/options', {}, { cookies })).json().data;
    const offer = (response: unknown, language?: 'sp') =>
      signInCall(t, '/login/enrolment/passkey', { response }, { cookies, language });

    const neverHanded = { ...(await freshOptions()), challenge: randomBytes(32).toString('base64url') };
    const othersOptions = (
      await signInCall(t, '/login/enrolment/passkey/options', {}, { cookies: otherCookies })
    ).json().data;
    const otherSite = await freshOptions();
    const answers = [
      createSoftPasskey(neverHanded, ORIGIN).response,
      createSoftPasskey(othersOptions, ORIGIN).response,
      createSoftPasskey(await freshOptions(), 'https://evil.example').response,
      createSoftPasskey({ ...otherSite, rp: { id: 'evil.example' } }, ORIGIN).response,
    ];
    for (const [index, response] of answers.entries()) {
      const refused = await offer(response);
      expect(refused.statusCode, `answer ${index}`).toBe(400);
      expect(refused.json()).toEqual({ status: false, message: PASSKEY_FAILED.en });
    }
    expect((await offer(answers[0], 'sp')).json()).toEqual({ status: false, message: PASSKEY_FAILED.sp });
    expect(await factorsOf(t, member.id)).toEqual([]);
    expect(await t.db.select().from(staffRecoveryCodes)).toEqual([]);
    expect(await auditOf(t, 'secondFactor.enrolled', member.id)).toEqual([]);

    // The attempt is still open: a good answer enrols, and the same answer again is refused.
    const good = createSoftPasskey(await freshOptions(), ORIGIN).response;
    expect((await offer(good)).statusCode).toBe(200);
    const replayed = await offer(good);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(EXPIRED);
    expect(await factorsOf(t, member.id)).toHaveLength(1);
  });
});
