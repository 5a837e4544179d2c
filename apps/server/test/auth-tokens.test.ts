import { eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { SESSION_MAX_HOURS } from '../src/modules/auth/service';
import { CLIENT_ID } from '../src/modules/auth/tokens';
import { describeEachDatabase, testTokenSigningKey, useTestApp, type TestApp } from './helpers';
import { postRaw } from './registration-helpers';
import { activeParticipant, ADMIN, freshStart, login, me, refresh, signIn, startDowntime } from './auth-helpers';

const MINUTE_MS = 60_000;
const UNAUTHORIZED = { status: false, message: 'Your session has ended. Please log in again.' };

/** Claims as the portal signs them, for forging variants of a real token. */
async function forge(t: TestApp, accessToken: string, change: { alg?: string; key?: CryptoKey; claims?: object }) {
  const [, payload] = accessToken.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...change.claims };
  const key = change.key ?? (await testTokenSigningKey()).privateKey;
  return new SignJWT(claims).setProtectedHeader({ alg: change.alg ?? 'RS256', typ: 'JWT' }).sign(key);
}

describeEachDatabase('access and refresh tokens', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  beforeEach(() => freshStart(testApp()));

  it('refuses a missing, malformed, foreign, unsigned, wrongly typed or expired token with 401', async () => {
    const t = testApp();
    const { access_token } = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await me(t, access_token)).statusCode).toBe(200);
    // The same claims re-signed with the portal's key are accepted: the forgeries below differ in one thing.
    expect((await me(t, await forge(t, access_token, {}))).statusCode).toBe(200);

    const foreign = (await generateKeyPair('RS256')).privateKey;
    const [header, payload] = access_token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), realm_access: { roles: ['admin', 'patient'] }, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${access_token.split('.')[2]}`;
    for (const token of [
      undefined,
      'garbage',
      unsigned,
      tampered,
      await forge(t, access_token, { key: foreign }),
      await forge(t, access_token, { claims: { typ: 'Refresh' } }),
      await forge(t, access_token, { claims: { iss: 'https://elsewhere.example.org' } }),
      await forge(t, access_token, { claims: { azp: CLIENT_ID, exp: Math.floor(t.clock.now().getTime() / 1000) - 1 } }),
    ]) {
      const reply = await me(t, token);
      expect(reply.statusCode, String(token)).toBe(401);
      expect(reply.json()).toEqual(UNAUTHORIZED);
    }
    t.clock.advance(5 * MINUTE_MS);
    expect((await me(t, access_token)).statusCode).toBe(401);
  });

  it('rotates the refresh token: each works once, and replaying a used one ends the whole session', async () => {
    const t = testApp();
    const first = await signIn(t, ADMIN.email, ADMIN.password);
    t.clock.advance(4 * MINUTE_MS);
    const second = (await refresh(t, first.refresh_token)).json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(t, second.access_token)).statusCode).toBe(200);

    const replay = await refresh(t, first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(t, second.refresh_token)).statusCode).toBe(401);
    expect((await me(t, second.access_token)).statusCode).toBe(401);
    const reuse = await t.db.select().from(auditLog).where(eq(auditLog.action, 'session.refreshReuse'));
    expect(reuse).toHaveLength(1);
    // Another session of the same user is not affected.
    const other = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await refresh(t, other.refresh_token)).statusCode).toBe(200);
  });

  it('lets a refresh token lapse after the inactivity timeout, and no session outlive its absolute end', async () => {
    const t = testApp();
    const idle = await signIn(t, ADMIN.email, ADMIN.password);
    t.clock.advance(30 * MINUTE_MS);
    expect((await refresh(t, idle.refresh_token)).statusCode).toBe(401);

    let tokens = await signIn(t, ADMIN.email, ADMIN.password);
    const steps = (SESSION_MAX_HOURS * 60) / 4;
    for (let i = 1; i < steps; i++) {
      t.clock.advance(4 * MINUTE_MS);
      const reply = await refresh(t, tokens.refresh_token);
      expect(reply.statusCode, `refresh ${i}`).toBe(200);
      tokens = reply.json().data;
    }
    t.clock.advance(4 * MINUTE_MS);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('answers a refresh for a patient during downtime with SYSTEM_DOWN, and serves an administrator', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    const patient = await signIn(t, email);
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    await startDowntime(t);
    const refused = await refresh(t, patient.refresh_token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      status: false,
      message: 'System is under maintenance. Please try again later.',
      data: { errorCode: 'SYSTEM_DOWN' },
    });
    expect((await refresh(t, admin.refresh_token)).statusCode).toBe(200);
    const blocked = await login(t, email, 'Kidney#2026');
    expect(blocked.statusCode).toBe(503);
    expect((await login(t, 'nobody@example.org', 'Kidney#2026')).json()).toEqual(blocked.json());
    expect((await login(t, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('ends every session of the user on logout, by bearer token or by refresh token', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/common-server/logout',
      headers: { authorization: `Bearer ${laptop.access_token}` },
    });
    expect(logout.json()).toEqual({ status: true, message: 'You have been logged out.' });
    for (const tokens of [phone, laptop]) {
      expect((await me(t, tokens.access_token)).statusCode).toBe(401);
      expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
    }
    const again = await signIn(t, email);
    expect((await postRaw(t, '/logout', { refresh_token: again.refresh_token })).statusCode).toBe(200);
    expect((await me(t, again.access_token)).statusCode).toBe(401);
    // With nothing to go on it answers the same and ends nothing.
    const other = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await postRaw(t, '/logout', {})).json()).toEqual({ status: true, message: 'You have been logged out.' });
    expect((await me(t, other.access_token)).statusCode).toBe(200);
  });

  it('audits sign-ins, failures, codes, reuse and logout without a password, code or token', async () => {
    const t = testApp();
    const email = await activeParticipant(t);
    await login(t, email, 'Wrong#Pass1');
    const tokens = await signIn(t, email);
    const rotated = (await refresh(t, tokens.refresh_token)).json().data;
    await refresh(t, tokens.refresh_token);
    await postRaw(t, '/logout', { refresh_token: rotated.refresh_token });
    const rows = await t.db.select().from(auditLog);
    const actions = rows.map((row) => row.action);
    for (const action of ['login.failed', 'login.codeSent', 'login.succeeded', 'session.refreshReuse', 'logout']) {
      expect(actions).toContain(action);
    }
    const written = JSON.stringify(rows);
    for (const secret of [
      'Wrong#Pass1',
      'Kidney#2026',
      tokens.access_token,
      tokens.refresh_token,
      rotated.refresh_token,
    ]) {
      expect(written).not.toContain(secret);
    }
    for (const mail of t.mail.to(email)) {
      const code = /^(\d{6})$/m.exec(mail.text)?.[1];
      if (code) expect(written).not.toContain(code);
    }
  });
});
