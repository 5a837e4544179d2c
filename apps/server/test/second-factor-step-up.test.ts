import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_APP_SECRET, type TestApp } from './helpers';
import {
  ADMIN,
  freshStartAt,
  INCORRECT,
  login,
  otherThan,
  refresh,
  tokenStatuses,
  useAuthApp,
  type Tokens,
} from './auth-helpers';
import { call } from './participant-helpers';
import { appCodeNow, ORIGIN, STAFF_APP_SECRET } from './second-factor-helpers';
import { SEEDED_POLICY } from './settings-helpers';
import { addStaffMember, STAFF, STAFF_PASSWORD, staffInvitation } from './staff-helpers';
import { signWithSoftPasskey } from './soft-passkey';
import {
  addPasskey,
  auditOf,
  lockStateOf,
  newRecoveryCodes,
  PASSKEY_FAILED,
  SECURITY,
  staffSignIn,
  stepUp,
  stepUpRequired,
  wrongCode,
} from './staff-security-helpers';
import { userIdOf } from './audit-helpers';

const START = '2026-03-02T09:00:00.000Z';
const CONFIRMED = { status: true, message: "Thank you: it's confirmed. You can go on." };

/**
 * Every call that asks for the second factor again when the session gave it more than 5 minutes ago: changes of
 * staff and of one's own factors, downloads of study data, API keys, dashboard links and the security policy.
 */
const DANGEROUS = [
  'DELETE /common-server/staff-security/factors/:id',
  'DELETE /common-server/staff/:id/invitation',
  'GET /common-server/data-export/consent-register',
  'GET /common-server/data-export/data-dictionary',
  'GET /common-server/data-export/runs/:id/archive',
  'GET /common-server/data-export/survey-answers',
  'GET /common-server/data-export/verification-register',
  'GET /common-server/domo',
  'POST /common-server/health-system-api-keys',
  'POST /common-server/staff-security/app',
  'POST /common-server/staff-security/passkeys/options',
  'POST /common-server/staff-security/recovery-codes',
  'POST /common-server/staff/:id/deactivate',
  'POST /common-server/staff/:id/factors/reset',
  'POST /common-server/staff/:id/invitation/resend',
  'POST /common-server/staff/:id/reactivate',
  'POST /common-server/staff/invitation',
  'PUT /common-server/setting/security-policy-config',
  'PUT /common-server/staff/:id',
];

/** The tokens of a session, refreshed at `at` (an access token lasts 5 minutes; the session's factor time stays). */
async function refreshedAt(t: TestApp, tokens: Tokens, at: string): Promise<Tokens> {
  t.clock.set(at);
  const reply = await refresh(t, tokens.refresh_token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

/** The seeded administrator, signed in at 09:00:00 with their app, and their session refreshed at 09:04:00. */
async function administratorAt0900(t: TestApp) {
  await freshStartAt(t, START);
  const tokens = await staffSignIn(t, ADMIN.email, ADMIN.password, TEST_ADMIN_APP_SECRET);
  return { id: await userIdOf(t, ADMIN.email), tokens: await refreshedAt(t, tokens, '2026-03-02T09:04:00.000Z') };
}

// Both databases: the time a session last gave its factor is read from the session's row on every dangerous call.
describeEachDatabase('Step-up before dangerous actions', (target) => {
  const testApp = useAuthApp(target);

  it('lets a dangerous call through for 5 minutes after the sign-in’s factor, then asks for it again, in the reader’s language', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const signedIn = await staffSignIn(t, ADMIN.email, ADMIN.password, TEST_ADMIN_APP_SECRET);
    const adminId = await userIdOf(t, ADMIN.email);
    const codes = (token: string, language?: 'sp') =>
      call(t, 'POST', `${SECURITY}/recovery-codes`, token, { language });
    expect((await codes(signedIn.access_token)).statusCode).toBe(200);

    let tokens = await refreshedAt(t, signedIn, '2026-03-02T09:04:00.000Z');
    t.clock.set('2026-03-02T09:05:00.000Z');
    expect((await codes(tokens.access_token)).statusCode).toBe(200);
    t.clock.set('2026-03-02T09:05:01.000Z');
    const refused = await codes(tokens.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(stepUpRequired(['app']));
    expect((await codes(tokens.access_token, 'sp')).json()).toEqual(stepUpRequired(['app'], 'sp'));
    // Other calls go on as before.
    expect((await call(t, 'GET', SECURITY, tokens.access_token)).statusCode).toBe(200);

    const confirmed = await stepUp(t, tokens.access_token, appCodeNow(t, TEST_ADMIN_APP_SECRET));
    expect(confirmed.json()).toEqual(CONFIRMED);
    expect((await codes(tokens.access_token)).statusCode).toBe(200);
    expect(await auditOf(t, 'stepUp.succeeded', adminId)).toEqual([
      { actorId: adminId, subjectId: adminId, details: { method: 'app' } },
    ]);
    expect((await stepUp(t, tokens.access_token, appCodeNow(t, TEST_ADMIN_APP_SECRET), 'sp')).json()).toEqual(
      wrongCode('sp'),
    );

    // Five minutes from the step-up, then asked again.
    tokens = await refreshedAt(t, tokens, '2026-03-02T09:09:00.000Z');
    t.clock.set('2026-03-02T09:10:01.000Z');
    expect((await codes(tokens.access_token)).statusCode).toBe(200);
    t.clock.set('2026-03-02T09:10:02.000Z');
    expect((await codes(tokens.access_token)).json()).toEqual(stepUpRequired(['app']));
  });

  it('steps up with a passkey or a recovery code, naming the member’s kinds of factor', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const signedIn = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const passkey = await addPasskey(t, signedIn.access_token, 'Laptop');
    const [recoveryCode] = await newRecoveryCodes(t, signedIn.access_token);
    let tokens = await refreshedAt(t, signedIn, '2026-03-02T09:04:00.000Z');
    t.clock.set('2026-03-02T09:05:01.000Z');
    const dangerous = () => call(t, 'POST', `${SECURITY}/app`, tokens.access_token);
    expect((await dangerous()).json()).toEqual(stepUpRequired(['app', 'passkey']));

    const options = await call(t, 'POST', `${SECURITY}/step-up/passkey/options`, tokens.access_token);
    expect(options.json().data).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.json().data.allowCredentials).toHaveLength(1);
    const response = signWithSoftPasskey(passkey, options.json().data, ORIGIN);
    const byPasskey = await call(t, 'POST', `${SECURITY}/step-up/passkey`, tokens.access_token, {
      payload: { response },
    });
    expect(byPasskey.json()).toEqual(CONFIRMED);
    expect((await dangerous()).statusCode).toBe(200);
    // The same answer again: its challenge is spent.
    const replayed = await call(t, 'POST', `${SECURITY}/step-up/passkey`, tokens.access_token, {
      payload: { response },
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ status: false, message: PASSKEY_FAILED.en });

    tokens = await refreshedAt(t, tokens, '2026-03-02T09:09:00.000Z');
    t.clock.set('2026-03-02T09:10:02.000Z');
    expect((await dangerous()).json()).toEqual(stepUpRequired(['app', 'passkey']));
    expect((await stepUp(t, tokens.access_token, recoveryCode!.toUpperCase())).json()).toEqual(CONFIRMED);
    expect((await dangerous()).statusCode).toBe(200);

    expect(await auditOf(t, 'stepUp.succeeded', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { method: 'passkey' } },
      { actorId: member.id, subjectId: member.id, details: { method: 'recoveryCode' } },
    ]);
    expect(await auditOf(t, 'recoveryCode.used', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { left: 9 } },
    ]);
    expect(await auditOf(t, 'secondFactor.failed', member.id)).toEqual([
      {
        actorId: member.id,
        subjectId: member.id,
        details: { reason: 'badChallenge', during: 'stepUp', method: 'passkey' },
      },
    ]);
  });

  it('counts a wrong step-up code toward the lockout and audits it; the 5th locks the account and ends every session', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'analyst' });
    const here = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    t.clock.set('2026-03-02T09:00:30.000Z');
    const elsewhere = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const tokens = await refreshedAt(t, here, '2026-03-02T09:04:00.000Z');
    t.clock.set('2026-03-02T09:05:01.000Z');

    // Wrong app codes and unknown recovery codes alike.
    for (let failure = 1; failure <= 4; failure++) {
      const otp = failure % 2 ? otherThan(appCodeNow(t, STAFF_APP_SECRET)) : 'abcd-efgh-jkmn';
      const wrong = await stepUp(t, tokens.access_token, otp);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(wrongCode());
      expect(await lockStateOf(t, member.id)).toEqual({ failedLoginCount: failure, lockedUntil: null });
    }
    expect(await auditOf(t, 'secondFactor.failed', member.id)).toEqual(
      Array.from({ length: 4 }, () => ({
        actorId: member.id,
        subjectId: member.id,
        details: { reason: 'wrongCode', during: 'stepUp' },
      })),
    );
    expect((await auditOf(t, 'login.failed', member.id)).map((row) => row.details)).toEqual(
      Array.from({ length: 4 }, () => ({ reason: 'wrongCode' })),
    );

    const fifth = await stepUp(t, tokens.access_token, 'abcd-efgh-jkmn');
    expect(fifth.json()).toEqual(wrongCode());
    expect((await lockStateOf(t, member.id)).lockedUntil).toEqual(new Date('2026-03-02T09:20:01.000Z'));
    expect((await call(t, 'GET', SECURITY, tokens.access_token)).statusCode).toBe(401);
    expect(await tokenStatuses(t, tokens)).toEqual({ access: 401, refresh: 401 });
    expect(await tokenStatuses(t, elsewhere)).toEqual({ access: 401, refresh: 401 });
    expect((await login(t, member.email, STAFF_PASSWORD)).json()).toEqual(INCORRECT);
    expect(await auditOf(t, 'session.endedAll', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { reason: 'locked', sessions: 2 } },
    ]);
  });

  it('asks for the second factor again before exactly the dangerous calls', async () => {
    const t = testApp();
    const admin = await administratorAt0900(t);
    t.clock.set('2026-03-02T09:05:01.000Z');
    const asked: string[] = [];
    for (const { method, url, access } of t.app.routeAccess) {
      if (access === 'public' || access === 'ownKey') continue;
      const path = url.replace('/common-server', '').replace(/:[A-Za-z]+/g, randomUUID());
      const reply = await call(t, method as 'GET', path, admin.tokens.access_token);
      if (reply.statusCode === 403 && reply.json().data?.errorCode === 'STEP_UP_REQUIRED') {
        expect(reply.json(), `${method} ${url}`).toEqual(stepUpRequired(['app']));
        asked.push(`${method} ${url}`);
      }
    }
    expect(asked.sort()).toEqual([...DANGEROUS].sort());
  });

  it('refuses each dangerous action 5 minutes and 1 second after the factor, and lets it through right after a step-up', async () => {
    const t = testApp();
    const admin = await administratorAt0900(t);
    const member = await addStaffMember(t, { role: 'analyst' });
    const other = await addStaffMember(t, { role: 'auditor' });
    const actions: [string, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['staff invitation', 'POST', `${STAFF}/invitation`, staffInvitation()],
      ['staff role change', 'PUT', `${STAFF}/${member.id}`, { role: 'helpDesk', healthSystemIds: [] }],
      ['factors reset', 'POST', `${STAFF}/${other.id}/factors/reset`],
      ['data export download', 'GET', '/data-export/consent-register'],
      ['API key issue', 'POST', '/health-system-api-keys', { healthSystem: 'geisinger', label: 'Records team' }],
      ['dashboard share link', 'GET', '/domo?dashBoardId=withdrawals'],
      ['security policy save', 'PUT', '/setting/security-policy-config', SEEDED_POLICY],
    ];
    const act = ([, method, path, payload]: (typeof actions)[number]) =>
      call(t, method, path, admin.tokens.access_token, { payload });

    t.clock.set('2026-03-02T09:05:01.000Z');
    for (const action of actions) {
      const refused = await act(action);
      expect(refused.statusCode, action[0]).toBe(403);
      expect(refused.json(), action[0]).toEqual(stepUpRequired(['app']));
    }
    expect((await stepUp(t, admin.tokens.access_token, appCodeNow(t, TEST_ADMIN_APP_SECRET))).json()).toEqual(
      CONFIRMED,
    );
    for (const action of actions) {
      const reply = await act(action);
      expect(reply.statusCode, `${action[0]}: ${reply.body}`).toBe(200);
    }
    expect(await auditOf(t, 'stepUp.succeeded', admin.id)).toEqual([
      { actorId: admin.id, subjectId: admin.id, details: { method: 'app' } },
    ]);
  });
});
