import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailMessages, staffFactors } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { describeEachDatabase, resetDatabase, TEST_ADMIN_APP_SECRET } from './helpers';
import {
  ADMIN,
  attemptCookie,
  CODE_EXPIRED,
  freshStartAt,
  INCORRECT,
  login,
  me,
  otherThan,
  submitCode,
  useAuthApp,
} from './auth-helpers';
import { appCodeAt, appCodeNow, STAFF_APP_SECRET } from './second-factor-helpers';
import { addStaffMember, STAFF_PASSWORD } from './staff-helpers';
import {
  addPasskey,
  auditOf,
  lockStateOf,
  newRecoveryCodes,
  securityOf,
  staffSignIn,
  wrongCode,
} from './staff-security-helpers';

const START = '2026-03-02T09:00:10.000Z';
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
/** The seeded security policy's failedAttemptLimit and unlockAccountTimeInMin. */
const LOCKOUT_LIMIT = 5;
const LOCKOUT_MINUTES = 15;
const ACCESS_TOKEN = {
  access_token: expect.any(String),
  refresh_token: expect.any(String),
  expires_in: 300,
  token_type: 'Bearer',
};

// Both databases: a code is spent by one conditional statement however many calls race for it, and the lockout is
// counted in the account's row.
describeEachDatabase('Staff sign-in with an authenticator app', (target) => {
  const testApp = useAuthApp(target);

  it('asks a staff member for their own factor after the password, sends no e-mail, and signs in with the app’s code', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator' });

    const first = await login(t, member.email, STAFF_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: true,
      data: { twoFactorEnabled: true, secondFactors: ['app'], autoAuthCookie: 'login_attempt' },
    });
    // The attempt's cookie: HttpOnly, same-site, sent only to the sign-in calls, for 15 minutes.
    const cookie = first.cookies.find((c) => c.name === 'login_attempt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/common-server/login' });
    expect(cookie!.expires).toEqual(new Date('2026-03-02T09:15:10.000Z'));
    await t.app.services.mailer.idle();
    expect(t.mail.delivered).toEqual([]);
    expect(await t.db.select().from(emailMessages)).toEqual([]);

    const second = await submitCode(
      t,
      { otp: appCodeNow(t, STAFF_APP_SECRET), username: member.email },
      attemptCookie(first),
    );
    expect(second.json()).toEqual({
      status: true,
      data: { twoFactorEnabled: true, accessTokenResponse: ACCESS_TOKEN },
    });
    expect((await me(t, second.json().data.accessTokenResponse.access_token)).statusCode).toBe(200);
    expect(await auditOf(t, 'login.succeeded', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { method: 'app', sessionId: expect.any(String) } },
    ]);

    // With a passkey added, the password step names both kinds of factor, apps first.
    await addPasskey(t, second.json().data.accessTokenResponse.access_token);
    expect((await login(t, member.email, STAFF_PASSWORD)).json().data).toEqual({
      twoFactorEnabled: true,
      secondFactors: ['app', 'passkey'],
      autoAuthCookie: 'login_attempt',
    });
  });

  it('takes each code once: the same code again, even in a new sign-in, is refused in the reader’s language and counted', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'analyst' });
    const code = appCodeNow(t, STAFF_APP_SECRET);
    const first = await login(t, member.email, STAFF_PASSWORD);
    expect((await submitCode(t, { otp: code, username: member.email }, attemptCookie(first))).statusCode).toBe(200);

    const again = await login(t, member.email, STAFF_PASSWORD);
    const english = await submitCode(t, { otp: code, username: member.email }, attemptCookie(again));
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual(wrongCode('en'));
    const spanish = await submitCode(t, { otp: code, username: member.email }, attemptCookie(again), 'sp');
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toEqual(wrongCode('sp'));
    expect(await lockStateOf(t, member.id)).toEqual({ failedLoginCount: 2, lockedUntil: null });
    expect(await auditOf(t, 'secondFactor.failed', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { reason: 'reusedCode', during: 'signIn' } },
      { actorId: member.id, subjectId: member.id, details: { reason: 'reusedCode', during: 'signIn' } },
    ]);

    // A wrong code leaves the attempt open: the next step's code (30 seconds on) signs in, and clears the count.
    t.clock.advance(30 * SECOND_MS);
    const next = await submitCode(
      t,
      { otp: appCodeNow(t, STAFF_APP_SECRET), username: member.email },
      attemptCookie(again),
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(await lockStateOf(t, member.id)).toEqual({ failedLoginCount: 0, lockedUntil: null });
  });

  it('accepts the code of the 30-second step before or after the current one, not two steps away', async () => {
    const t = testApp();
    // 09:00:10 lies in the step 09:00:00–09:00:30.
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'helpDesk' });
    const codeAt = (at: string) => appCodeAt(STAFF_APP_SECRET, new Date(at));
    const attempt = async (otp: string) => {
      const first = await login(t, member.email, STAFF_PASSWORD);
      return submitCode(t, { otp, username: member.email }, attemptCookie(first));
    };

    for (const twoAway of [codeAt('2026-03-02T08:59:10.000Z'), codeAt('2026-03-02T09:01:10.000Z')]) {
      const refused = await attempt(twoAway);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(wrongCode());
    }
    expect(await auditOf(t, 'secondFactor.failed', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { reason: 'wrongCode', during: 'signIn' } },
      { actorId: member.id, subjectId: member.id, details: { reason: 'wrongCode', during: 'signIn' } },
    ]);

    // Each once, in the order of their steps: the one before, the current one, the one after.
    for (const at of ['2026-03-02T08:59:40.000Z', START, '2026-03-02T09:00:40.000Z']) {
      const reply = await attempt(codeAt(at));
      expect(reply.statusCode, `${at}: ${reply.body}`).toBe(200);
    }
    // Once a later step is spent, an earlier one's code is old.
    expect((await attempt(codeAt('2026-03-02T08:59:40.000Z'))).json()).toEqual(wrongCode());
  });

  it(`locks the account at the ${LOCKOUT_LIMIT}th wrong code: then neither the right code nor the right password signs in, until ${LOCKOUT_MINUTES} minutes on`, async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'auditor' });
    const first = await login(t, member.email, STAFF_PASSWORD);
    const cookies = attemptCookie(first);
    const wrong = otherThan(appCodeNow(t, STAFF_APP_SECRET));

    for (let failure = 1; failure <= 4; failure++) {
      const reply = await submitCode(t, { otp: wrong, username: member.email }, cookies);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(wrongCode());
      expect(await lockStateOf(t, member.id)).toEqual({ failedLoginCount: failure, lockedUntil: null });
    }
    const fifth = await submitCode(t, { otp: wrong, username: member.email }, cookies);
    expect(fifth.json()).toEqual(wrongCode());
    expect((await lockStateOf(t, member.id)).lockedUntil).toEqual(new Date('2026-03-02T09:15:10.000Z'));
    expect(await auditOf(t, 'login.locked', member.id)).toEqual([
      { actorId: null, subjectId: member.id, details: { until: '2026-03-02T09:15:10.000Z' } },
    ]);

    // The lock ended the attempt; a new one is refused at the password, as a wrong password is.
    const right = { otp: appCodeNow(t, STAFF_APP_SECRET), username: member.email };
    const afterLock = await submitCode(t, right, cookies);
    expect(afterLock.statusCode).toBe(401);
    expect(afterLock.json()).toEqual(CODE_EXPIRED);
    const password = await login(t, member.email, STAFF_PASSWORD);
    expect(password.statusCode).toBe(401);
    expect(password.json()).toEqual(INCORRECT);
    expect(password.cookies).toEqual([]);

    t.clock.set('2026-03-02T09:15:10.000Z');
    const unlocked = await login(t, member.email, STAFF_PASSWORD);
    expect(unlocked.json().data).toMatchObject({ secondFactors: ['app'] });
    const code = { otp: appCodeNow(t, STAFF_APP_SECRET), username: member.email };
    expect((await submitCode(t, code, attemptCookie(unlocked))).statusCode).toBe(200);
  });

  it('refuses the code step without the attempt’s cookie, with an earlier attempt’s, for another address, and from 15 minutes after the password', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const code = () => ({ otp: appCodeNow(t, STAFF_APP_SECRET), username: member.email });

    const earlier = await login(t, member.email, STAFF_PASSWORD);
    const later = await login(t, member.email, STAFF_PASSWORD);
    for (const cookies of [{}, { login_attempt: 'made-up' }, attemptCookie(earlier)]) {
      const refused = await submitCode(t, code(), cookies);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(CODE_EXPIRED);
    }
    const otherAddress = await submitCode(t, { ...code(), username: ADMIN.email }, attemptCookie(later));
    expect(otherAddress.json()).toEqual(CODE_EXPIRED);
    // None of these is a wrong code: nothing is counted.
    expect(await lockStateOf(t, member.id)).toEqual({ failedLoginCount: 0, lockedUntil: null });

    t.clock.set('2026-03-02T09:15:09.000Z');
    expect((await submitCode(t, code(), attemptCookie(later))).statusCode).toBe(200);

    t.clock.set('2026-03-02T09:20:00.000Z');
    const lapsing = await login(t, member.email, STAFF_PASSWORD);
    t.clock.set('2026-03-02T09:35:00.000Z');
    const lapsed = await submitCode(t, code(), attemptCookie(lapsing));
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json()).toEqual(CODE_EXPIRED);
    expect(await auditOf(t, 'login.codeExpired', member.id)).toEqual([
      { actorId: null, subjectId: member.id, details: {} },
    ]);
  });

  it('asks a member without a factor to enrol one, and takes no code in that attempt', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'analyst' });
    await t.db.delete(staffFactors).where(eq(staffFactors.userId, member.id));

    const first = await login(t, member.email, STAFF_PASSWORD);
    expect(first.json()).toEqual({
      status: true,
      data: { twoFactorEnabled: true, secondFactors: [], enrolmentRequired: true, autoAuthCookie: 'login_attempt' },
    });
    const code = await submitCode(
      t,
      { otp: appCodeNow(t, STAFF_APP_SECRET), username: member.email },
      attemptCookie(first),
    );
    expect(code.statusCode).toBe(401);
    expect(code.json()).toEqual(CODE_EXPIRED);
    await t.app.services.mailer.idle();
    expect(t.mail.delivered).toEqual([]);
  });

  it('signs the seeded administrator in with a code of ADMIN_TOTP_SECRET, kept sealed; without it they enrol first', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const first = await login(t, ADMIN.email, ADMIN.password);
    expect(first.json().data).toEqual({
      twoFactorEnabled: true,
      secondFactors: ['app'],
      autoAuthCookie: 'login_attempt',
    });
    const byStaffSecret = await submitCode(t, { otp: appCodeNow(t, STAFF_APP_SECRET) }, attemptCookie(first));
    expect(byStaffSecret.json()).toEqual(wrongCode());
    const bySeededSecret = await submitCode(
      t,
      { otp: appCodeAt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', t.clock.now()) },
      attemptCookie(first),
    );
    expect(bySeededSecret.statusCode, bySeededSecret.body).toBe(200);
    const [factor] = await t.db.select().from(staffFactors);
    expect(factor).toMatchObject({ kind: 'app', name: '' });
    expect(factor!.appSecret).not.toContain(TEST_ADMIN_APP_SECRET);
    expect(factor!.appSecret).not.toContain(TEST_ADMIN_APP_SECRET.toLowerCase());

    // A first start without ADMIN_TOTP_SECRET: the administrator enrols a factor at their first sign-in.
    await resetDatabase(t.db);
    await seedDatabase(t.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false, clock: t.clock });
    expect((await login(t, ADMIN.email, ADMIN.password)).json().data).toEqual({
      twoFactorEnabled: true,
      secondFactors: [],
      enrolmentRequired: true,
      autoAuthCookie: 'login_attempt',
    });
  });
});

// Both databases: a recovery code is spent by one conditional statement.
describeEachDatabase('Staff sign-in with a recovery code', (target) => {
  const testApp = useAuthApp(target);
  const withoutHyphens = (code: string) => code.replaceAll('-', '');

  it('signs in once with each code, in capitals or without its hyphens, says how many are left, and voids them all when new ones are made', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const session = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const codes = await newRecoveryCodes(t, session.access_token);
    expect(codes).toHaveLength(10);
    t.clock.advance(MINUTE_MS);
    const since = t.clock.now();
    const withCode = async (otp: string) => {
      const first = await login(t, member.email, STAFF_PASSWORD);
      return submitCode(t, { otp, username: member.email }, attemptCookie(first));
    };

    const used = await withCode(codes[0]!);
    expect(used.json()).toEqual({ status: true, data: { twoFactorEnabled: true, accessTokenResponse: ACCESS_TOKEN } });
    expect(await auditOf(t, 'recoveryCode.used', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { left: 9 } },
    ]);
    expect(await auditOf(t, 'login.succeeded', member.id, since)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { method: 'recoveryCode', sessionId: expect.any(String) } },
    ]);
    const twice = await withCode(codes[0]!);
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual(wrongCode());
    expect(await lockStateOf(t, member.id)).toMatchObject({ failedLoginCount: 1 });

    expect((await withCode(codes[1]!.toUpperCase())).statusCode).toBe(200);
    expect((await withCode(withoutHyphens(codes[2]!))).statusCode).toBe(200);
    expect((await withCode(` ${codes[3]!.toUpperCase()} `)).statusCode).toBe(200);
    expect((await securityOf(t, session.access_token)).recoveryCodesLeft).toBe(6);
    expect((await auditOf(t, 'recoveryCode.used', member.id)).map((row) => row.details)).toEqual([
      { left: 9 },
      { left: 8 },
      { left: 7 },
      { left: 6 },
    ]);

    // New codes: ten, none of the old ones, which stop working.
    const fresh = await newRecoveryCodes(t, session.access_token);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect((await securityOf(t, session.access_token)).recoveryCodesLeft).toBe(10);
    expect((await withCode(codes[4]!)).json()).toEqual(wrongCode());
    expect((await withCode(fresh[0]!)).statusCode).toBe(200);
    expect(await auditOf(t, 'recoveryCodes.made', member.id, since)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { count: 10 } },
    ]);
  });

  it('keeps ten distinct codes of the form xxxx-xxxx-xxxx only as SHA-256 hashes', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'auditor' });
    const session = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const codes = await newRecoveryCodes(t, session.access_token);

    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    // Every column of every row, as text: a copy of the table gives no code away.
    const result = await t.db.execute(sql`select * from staff_recovery_codes`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const table = JSON.stringify(rows);
    for (const code of codes) {
      expect(table).not.toContain(code);
      expect(table).not.toContain(withoutHyphens(code));
    }
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(rows.map((row) => row.code_hash).sort()).toEqual(
      codes.map((code) => sha256(`recovery:${withoutHyphens(code)}`)).sort(),
    );
  });
});
