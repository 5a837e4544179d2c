import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loggerOptions } from '../src/plugins/logging';
import { describeOnDatabase, useTestApp } from './helpers';

/** Every pino line the app writes, parsed. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  const options = loggerOptions('info') as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  return { lines, raw, logger: { ...options, stream } };
}

const API_PATHS = [
  '/common-server/health',
  '/common-server/externalization/registration-dropdowns',
  '/common-server/externalization/password-policy',
  '/common-server/externalization/languages',
  '/common-server/consent/supported-fields',
  '/common-server/externalization/consent/supported-fields',
  '/common-server/downtime',
  '/common-server/client-config',
];

describeOnDatabase('API basics', (target) => {
  const log = captureLog();
  const testApp = useTestApp(target, {
    logger: log.logger,
    configure: (app) => {
      // Throw-away routes that fail in the ways real routes can; anyone may call them.
      const config = { access: 'public' } as const;
      app.get('/common-server/test/throws', { config }, async () => {
        throw new Error('secret internal detail');
      });
      app.get('/common-server/test/database-fails', { config }, async () => {
        await app.db.execute(sql`select * from no_such_table`);
        return { status: true };
      });
      app.get('/common-server/test/client-error', { config }, async () => {
        throw Object.assign(new Error('That is not allowed'), { statusCode: 403 });
      });
      app.get('/common-server/test/logs-password', { config }, async (request) => {
        request.log.info({ body: { password: 'Hunter#22', token: 'abc.def.ghi' } }, 'payload received');
        return { status: true };
      });
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(
          '/common-server/test/validated',
          { config, schema: { querystring: z.object({ count: z.coerce.number().int().min(1) }) } },
          async (request) => ({ status: true, data: request.query.count }),
        );
    },
  });
  const inject = (url: string, headers: Record<string, string> = {}) =>
    testApp().app.inject({ method: 'GET', url, headers });

  it('GET /health answers 200 { status: true }', async () => {
    const reply = await inject('/common-server/health');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json()).toEqual({ status: true });
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    for (const url of ['/common-server/no-such-call', '/common-server', '/common-server/externalization/nope?x=1']) {
      const reply = await inject(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json(), url).toEqual({ status: false, message: expect.any(String) });
    }
    const post = await testApp().app.inject({ method: 'POST', url: '/common-server/health', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ status: false, message: expect.any(String) });
  });

  it('answers a route that throws with 500 and the generic message, without details or a stack', async () => {
    const reply = await inject('/common-server/test/throws');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ status: false, message: 'Something went wrong, please try again.' });
    expect(reply.body).not.toContain('secret internal detail');
    expect(reply.body).not.toMatch(/stack|\bat .+:\d+/);
  });

  it('answers a failing database query with 500 and the generic message', async () => {
    const reply = await inject('/common-server/test/database-fails');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ status: false, message: 'Something went wrong, please try again.' });
    expect(reply.body).not.toContain('no_such_table');
  });

  it('logs a server error in full while the reply stays generic', async () => {
    await inject('/common-server/test/throws');
    await vi.waitFor(() => {
      const logged = log.lines.find((l) => l.msg === 'request failed');
      expect(logged).toMatchObject({ level: 50, err: { message: 'secret internal detail' } });
      expect((logged?.err as { stack?: string }).stack).toContain('secret internal detail');
    });
  });

  it('keeps the message of a client error (4xx)', async () => {
    const reply = await inject('/common-server/test/client-error');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ status: false, message: 'That is not allowed' });
  });

  it('answers a request that fails its zod schema with 400 and the field errors', async () => {
    const reply = await inject('/common-server/test/validated?count=0');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Invalid request',
      data: [{ errorField: 'count', message: expect.any(String) }],
    });
    expect((await inject('/common-server/test/validated?count=3')).json()).toEqual({ status: true, data: 3 });
  });

  it('sets the security headers on API replies, and no HSTS over plain HTTP', async () => {
    for (const url of [
      '/common-server/health',
      '/common-server/externalization/languages',
      '/common-server/no-such-call',
      '/common-server/test/throws',
    ]) {
      const reply = await inject(url);
      expect(reply.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(reply.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['cache-control'], url).toBe('no-store');
      expect(reply.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('ignores x-forwarded-proto when the proxy is not trusted (no HSTS)', async () => {
    const reply = await inject('/common-server/health', { 'x-forwarded-proto': 'https' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the OpenAPI document listing every call, and the docs page', async () => {
    const json = await inject('/common-server/docs/json');
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(API_PATHS));
    for (const path of API_PATHS) expect(document.paths[path], path).toHaveProperty('get');

    const page = await inject('/common-server/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html');
  });

  it('logs the request path without the query string, and no personal data', async () => {
    const reply = await inject('/common-server/downtime?email=someone@example.org');
    expect(reply.statusCode).toBe(200);
    await vi.waitFor(() => {
      const requestLines = log.lines.filter(
        (l) => (l.req as { path?: string } | undefined)?.path === '/common-server/downtime',
      );
      expect(requestLines.length).toBeGreaterThan(0);
      expect(requestLines[0]).toMatchObject({ msg: 'incoming request', req: { method: 'GET' } });
      expect(log.lines.some((l) => l.msg === 'request completed' && l.reqId === requestLines[0]?.reqId)).toBe(true);
    });
    const all = log.raw.join('\n');
    expect(all).not.toContain('someone@example.org');
    expect(all).not.toContain('email=');
  });

  it('redacts passwords and tokens logged by a route', async () => {
    await inject('/common-server/test/logs-password');
    await vi.waitFor(() => expect(log.lines.some((l) => l.msg === 'payload received')).toBe(true));
    const line = log.lines.find((l) => l.msg === 'payload received');
    expect(line?.body).toEqual({ password: '[redacted]', token: '[redacted]' });
    expect(log.raw.join('\n')).not.toContain('Hunter#22');
  });
});
