import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardTokens } from '../modules/analytics-dashboards/dashboard-tokens';
import type { VerifiedAccess } from '../security/verified-access';
import { registerAccess } from './access';

const COORDINATOR: VerifiedAccess = {
  userId: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000002',
  role: 'admin',
  staffRole: 'coordinator',
  healthSystems: ['geisinger'],
};
/** A token that names a staff member without a staff role: the realm role alone. */
const NO_STAFF_ROLE: VerifiedAccess = { ...COORDINATOR, staffRole: undefined, healthSystems: [] };

/** Sessions whose second factor is not recent: a dangerous action asks for it again. */
const staleSessions = new Set<string>();

function appWith(bearers: Record<string, VerifiedAccess>) {
  const app = Fastify();
  // As in the app: the reader's language comes from the preferredLanguage cookie.
  void app.register(cookie);
  app.decorate('clock', { now: () => new Date('2026-03-01T12:00:00.000Z') });
  registerAccess(
    app,
    async (token) => bearers[token],
    {} as DashboardTokens,
    async (auth) => (staleSessions.has(auth.sessionId) ? ['app'] : undefined),
  );
  return app;
}

describe('the access table', () => {
  it('asks for the second factor again before a dangerous action, only when it is not recent', async () => {
    const app = appWith({ coordinator: COORDINATOR });
    app.post('/common-server/dangerous', { config: { access: 'staff', stepUp: true } }, async () => ({ status: true }));
    app.post('/common-server/ordinary', { config: { access: 'staff' } }, async () => ({ status: true }));
    const call = (url: string, language?: 'sp') =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: 'Bearer coordinator' },
        cookies: language ? { preferredLanguage: language } : {},
      });
    staleSessions.add(COORDINATOR.sessionId);
    const refused = await call('/common-server/dangerous');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      message: "Confirm it's you: enter your second factor again to continue.",
      data: { errorCode: 'STEP_UP_REQUIRED', factors: ['app'] },
    });
    expect((await call('/common-server/dangerous', 'sp')).json()).toMatchObject({
      message: 'Confirme que es usted: vuelva a usar su segundo factor para continuar.',
    });
    expect((await call('/common-server/ordinary')).statusCode).toBe(200);
    staleSessions.delete(COORDINATOR.sessionId);
    expect((await call('/common-server/dangerous')).statusCode).toBe(200);
  });

  it('stops the server when a route of the API declares no access', () => {
    const app = appWith({});
    expect(() => app.get('/common-server/undeclared', async () => ({ status: true }))).toThrow(
      'GET /common-server/undeclared declares no access (config.access)',
    );
  });

  it('lets through only a role with the permission, and denies a staff token without a staff role', async () => {
    const app = appWith({ coordinator: COORDINATOR, bare: NO_STAFF_ROLE });
    const reply = async () => ({ status: true });
    app.get('/common-server/verify', { config: { access: 'verification.edit' } }, reply);
    app.get('/common-server/staff', { config: { access: 'staff.manage' } }, reply);
    app.get('/common-server/any-staff', { config: { access: 'staff' } }, reply);
    const call = (url: string, token?: string) =>
      app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} }).then((r) => r.statusCode);
    expect(await call('/common-server/verify', 'coordinator')).toBe(200);
    expect(await call('/common-server/staff', 'coordinator')).toBe(403);
    expect(await call('/common-server/any-staff', 'coordinator')).toBe(200);
    expect(await call('/common-server/verify', 'bare')).toBe(403);
    expect(await call('/common-server/any-staff', 'bare')).toBe(403);
    expect(await call('/common-server/verify', 'unknown')).toBe(401);
    expect(await call('/common-server/verify')).toBe(401);
    expect(app.routeAccess).toEqual([
      { method: 'GET', url: '/common-server/verify', access: 'verification.edit' },
      { method: 'GET', url: '/common-server/staff', access: 'staff.manage' },
      { method: 'GET', url: '/common-server/any-staff', access: 'staff' },
    ]);
  });

  it('checks a session before the route’s own hooks, and never for a public route', async () => {
    const authenticate = vi.fn(async (token: string) => (token === 'coordinator' ? COORDINATOR : undefined));
    const app = Fastify();
    void app.register(cookie);
    registerAccess(app, authenticate, {} as DashboardTokens, async () => undefined);
    const ownHookRan = vi.fn(async () => {});
    app.get('/common-server/open', { config: { access: 'public' } }, async () => ({ status: true }));
    app.get('/common-server/closed', { config: { access: 'staff' }, onRequest: ownHookRan }, async () => ({
      status: true,
    }));
    expect((await app.inject('/common-server/open')).statusCode).toBe(200);
    expect(authenticate).not.toHaveBeenCalled();
    expect((await app.inject('/common-server/closed')).statusCode).toBe(401);
    expect(ownHookRan).not.toHaveBeenCalled();
    const signedIn = await app.inject({
      url: '/common-server/closed',
      headers: { authorization: 'Bearer coordinator' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(ownHookRan).toHaveBeenCalledTimes(1);
    expect((await app.inject({ method: 'HEAD', url: '/common-server/closed' })).statusCode).toBe(401);
  });
});
