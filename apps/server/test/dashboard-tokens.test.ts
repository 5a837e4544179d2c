import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { signInAdmin, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { expectAdminOnly } from './settings-helpers';

const API = '/common-server';

/** A dashboard's data call with a dashboard token and no session, as the full-screen view makes it. */
const withToken = (t: TestApp, path: string, token: string, language: 'en' | 'sp' = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `${API}${path}`,
    headers: { 'x-dashboard-token': token },
    cookies: { preferredLanguage: language },
  });

async function dashboardToken(t: TestApp, id: string) {
  const admin = await signInAdmin(t);
  const reply = await call(t, 'GET', `/domo?dashBoardId=${id}`, admin.access_token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { dashboardId: string; token: string; expiresAt: string; path: string };
}

describeOnDatabase('Dashboard tokens (GET /domo)', (target) => {
  const testApp = useAuthApp(target);

  it('gives an administrator a token for one dashboard, valid one hour, and records who asked', async () => {
    const t = testApp();
    t.clock.set('2026-11-26T15:00:00.000Z');
    const data = await dashboardToken(t, 'withdrawals');
    expect(data).toMatchObject({
      dashboardId: 'withdrawals',
      expiresAt: '2026-11-26T16:00:00.000Z',
      path: '/dashboards/withdrawals',
    });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'dashboard.linkIssued'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toEqual({ dashboardId: 'withdrawals', expiresAt: '2026-11-26T16:00:00.000Z' });
  });

  it('opens its own dashboard’s figures without a session, and nothing else', async () => {
    const t = testApp();
    const { token } = await dashboardToken(t, 'survey-window-open-users');
    const count = await withToken(t, '/survey/report/count', token);
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json().data).toEqual({ openWindows: 0, notStarted: 0, started: 0, submitted: 0 });
    expect((await withToken(t, '/survey/report/completion?days=7', token)).statusCode).toBe(200);

    const foreign = await withToken(t, '/consent/withdrawal-users/summary', token, 'sp');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ status: false, message: 'Este enlace abre otro panel.' });
    // The list of participants is no dashboard figure: the token does not open it, nor does it pass as a session.
    expect((await withToken(t, '/survey/opened-users', token)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/survey/opened-users', token)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/survey/report/count', token)).statusCode).toBe(401);
  });

  it('refuses a token past its hour, a forged one and an access token in its place', async () => {
    const t = testApp();
    t.clock.set('2026-11-26T15:00:00.000Z');
    const { token } = await dashboardToken(t, 'withdrawals');
    t.clock.set('2026-11-26T15:59:59.000Z');
    expect((await withToken(t, '/consent/withdrawal-users/summary', token)).statusCode).toBe(200);
    t.clock.set('2026-11-26T16:00:01.000Z');
    const expired = await withToken(t, '/consent/withdrawal-users/summary', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      status: false,
      message: 'This dashboard link has expired or is not valid. Open the dashboard again from System Options.',
    });
    const [header, , signature] = token.split('.');
    const otherClaims = Buffer.from(JSON.stringify({ typ: 'Dashboard', dsh: 'email-analytics' })).toString('base64url');
    const forged = `${header}.${otherClaims}.${signature}`;
    expect((await withToken(t, '/consent/withdrawal-users/summary', forged)).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    expect((await withToken(t, '/consent/withdrawal-users/summary', admin.access_token)).statusCode).toBe(401);
  });

  it('is for administrators only and names a known dashboard', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    await expectAdminOnly(t, participant.tokens.access_token, [['GET', '/domo?dashBoardId=withdrawals']]);
    const admin = await signInAdmin(t);
    expect((await call(t, 'GET', '/domo?dashBoardId=sales', admin.access_token)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/domo', admin.access_token)).statusCode).toBe(400);
  });
});
