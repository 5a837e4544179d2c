import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { errorWithoutQueryValues, loggerOptions, requestLogger } from './logging';

describe('loggerOptions', () => {
  it('logs a request by its path alone, and redacts credentials: bearer token, cookie, dashboard token, API key, codes', () => {
    const lines: string[] = [];
    const log = pino(loggerOptions('info') as LoggerOptions, { write: (line: string) => void lines.push(line) });
    const headers = {
      authorization: 'Bearer a.b.c',
      cookie: 'refresh=xyz',
      'x-dashboard-token': 'd.e.f',
      'x-api-key': 'hsk_key',
    };
    log.info({ req: { id: 'r1', method: 'GET', url: '/common-server/domo?dashBoardId=withdrawals', headers } });
    log.info({ headers, body: { token: 'g.h.i', access_token: 'j.k.l', refresh_token: 'm.n.o', otp: '482913' } });
    const written = lines.join('');
    expect(JSON.parse(lines[0]!).req).toEqual({ id: 'r1', method: 'GET', path: '/common-server/domo' });
    expect(JSON.parse(lines[1]!)).toMatchObject({
      headers: { 'x-api-key': '[redacted]', cookie: '[redacted]' },
      body: { otp: '[redacted]', refresh_token: '[redacted]' },
    });
    const secrets = ['a.b.c', 'xyz', 'd.e.f', 'hsk_key', 'g.h.i', 'j.k.l', 'm.n.o', '482913', 'dashBoardId'];
    for (const secret of secrets) expect(written).not.toContain(secret);
  });
});

describe('errorWithoutQueryValues', () => {
  it('keeps what went wrong and leaves out the values of a failed query, in the error and its cause', () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const failed = new Error(
      'Failed query: insert into "email_messages" ("recipient", "payload") values ($1, $2)\n' +
        'params: ana@example.org,{"code":"482913"}',
      { cause },
    );
    const logged = errorWithoutQueryValues(failed);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "email_messages" ("recipient", "payload") values ($1, $2)\nparams: [hidden]',
      cause: { type: 'Error', message: 'terminating connection due to administrator command', code: '57P01' },
    });
    expect(JSON.stringify(logged)).not.toContain('ana@example.org');
    expect(JSON.stringify(logged)).not.toContain('482913');
  });
});

describe('requestLogger', () => {
  /** A portal-like app logging at `level` into `lines`, counting the child loggers made. */
  async function appAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = Fastify({ logger: { ...(loggerOptions(level) as object), stream }, childLoggerFactory: requestLogger });
    const made = { children: 0 };
    const child = app.log.child.bind(app.log);
    app.log.child = (...args) => ((made.children += 1), child(...args));
    app.get('/quiet', async () => ({ status: true }));
    app.get('/warns', async (request) => {
      request.log.warn({ body: { token: 'secret' } }, 'something odd');
      request.log.info('not written at warn');
      return { status: true };
    });
    await app.ready();
    return { app, lines, made };
  }

  it('makes no child logger for a request that writes nothing at the level', async () => {
    const { app, lines, made } = await appAt('warn');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(made.children).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes a request’s lines with its request id, redacted, once it writes at the level', async () => {
    const { app, lines, made } = await appAt('warn');
    await app.inject('/warns');
    expect(made.children).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', body: { token: '[redacted]' }, msg: 'something odd' }),
    ]);
    await app.close();
  });

  it('writes Fastify’s own request lines at info, with the request id', async () => {
    const { app, lines } = await appAt('info');
    await app.inject('/quiet');
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'request completed'],
    ]);
    await app.close();
  });
});
