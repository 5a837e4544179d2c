import cookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { memoryRequestLimits } from '../security/request-limit-store';
import { registerErrorHandler } from './error-handler';
import { addressKey, registerRateLimits } from './rate-limits';

const reply = async () => ({ status: true });

/** An app with the request limits in memory, the language cookie and the envelope of errors, as the portal. */
async function limitedApp(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  await app.register(cookie);
  registerErrorHandler(app);
  registerRateLimits(app, memoryRequestLimits());
  routes(app);
  await app.ready();
  return app;
}

const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ remoteAddress, headers });

describe('request limits', () => {
  it('count each address per route, tell the limit and what remains, and refuse past it with 429 in the envelope', async () => {
    const app = await limitedApp((a) => {
      a.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, reply);
      a.get('/other', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, reply);
    });
    const get = (url: string, remoteAddress = '203.0.113.7', headers = {}) =>
      app.inject({ method: 'GET', url, ...from(remoteAddress, headers) });
    const first = await get('/limited');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' });
    expect(Number(first.headers['x-ratelimit-reset'])).toBe(60);
    expect((await get('/limited')).headers['x-ratelimit-remaining']).toBe('0');

    const refused = await get('/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: false,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/limited', '203.0.113.7', { cookie: 'preferredLanguage=sp' })).json()).toEqual({
      status: false,
      message: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    });
    // Another address, and another route, have budgets of their own.
    expect((await get('/limited', '203.0.113.8')).statusCode).toBe(200);
    expect((await get('/other')).statusCode).toBe(200);
    await app.close();
  });

  it('count a preHandler limit by its key, and share one budget among the routes of app.rateLimit', async () => {
    const app = await limitedApp((a) => {
      const byUser = (request: FastifyRequest) => String(request.headers['x-user']);
      a.get(
        '/mine',
        { config: { rateLimit: { max: 1, timeWindow: 60_000, hook: 'preHandler', keyGenerator: byUser } } },
        reply,
      );
      const shared = a.rateLimit({ max: 2, timeWindow: 60_000 });
      a.get('/one', { onRequest: [shared] }, reply);
      a.get('/two', { onRequest: [shared] }, reply);
    });
    const get = (url: string, user = 'ana') => app.inject({ method: 'GET', url, headers: { 'x-user': user } });
    expect((await get('/mine')).statusCode).toBe(200);
    expect((await get('/mine')).statusCode).toBe(429);
    expect((await get('/mine', 'ben')).statusCode).toBe(200);
    expect([(await get('/one')).statusCode, (await get('/two')).statusCode, (await get('/one')).statusCode]).toEqual([
      200, 200, 429,
    ]);
    await app.close();
  });
});

describe('addressKey', () => {
  const key = (ip: string) => addressKey({ ip } as FastifyRequest);

  it('keys an IPv4 address by itself, an IPv6 address by its /64 network, and a mapped IPv4 address by the IPv4 one', () => {
    expect(key('203.0.113.7')).toBe('203.0.113.7');
    expect(key('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(key('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(key('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(key('::1')).toBe('0:0:0:0::/64');
    expect(key('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });
});
