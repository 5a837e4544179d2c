import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from './helpers';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * RATE_LIMIT_FACTOR 0.01 scales the 600-per-minute limit of public reads down to 6. Both databases: per-IP limits
 * are counted in memory on the embedded one, in a table on PostgreSQL.
 */
describeEachDatabase('behind a trusted proxy, with a small rate limit', (target) => {
  const testApp = useTestApp(target, { env: { TRUST_PROXY: 'true', RATE_LIMIT_FACTOR: '0.01' } });
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    testApp().app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('sends Strict-Transport-Security when the proxy says the request came over HTTPS', async () => {
    const secure = await get('/common-server/health', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.1',
    });
    expect(secure.statusCode).toBe(200);
    expect(secure.headers['strict-transport-security']).toBe(HSTS);

    const plain = await get('/common-server/health', { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const direct = await get('/common-server/health');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers the 7th read a minute from one address with 429 in the envelope', async () => {
    const url = '/common-server/externalization/languages';
    const client = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 1; i <= 6; i += 1) {
      const reply = await get(url, client);
      expect(reply.statusCode, `request ${i}`).toBe(200);
      expect(reply.headers['x-ratelimit-limit']).toBe('6');
    }
    const limited = await get(url, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({
      status: false,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The refusal carries the same security headers as any API reply.
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
    expect(limited.headers['cache-control']).toBe('no-store');

    // Another address behind the same proxy is not affected.
    expect((await get(url, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
  });

  it('limits by the connection address when no proxy header is sent', async () => {
    const url = '/common-server/downtime';
    for (let i = 1; i <= 6; i += 1) expect((await get(url, {}, '192.0.2.10')).statusCode).toBe(200);
    const limited = await get(url, {}, '192.0.2.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, message: expect.any(String) });
    expect((await get(url, {}, '192.0.2.11')).statusCode).toBe(200);
  });
});
