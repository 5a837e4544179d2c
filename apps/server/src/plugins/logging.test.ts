import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { errorWithoutQueryValues, loggerOptions } from './logging';

describe('loggerOptions', () => {
  it('logs a request by its path alone: no query string, bearer token, cookie or dashboard token', () => {
    const lines: string[] = [];
    const log = pino(loggerOptions('info') as LoggerOptions, { write: (line: string) => void lines.push(line) });
    const headers = { authorization: 'Bearer a.b.c', cookie: 'refresh=xyz', 'x-dashboard-token': 'd.e.f' };
    log.info({ req: { id: 'r1', method: 'GET', url: '/common-server/domo?dashBoardId=withdrawals', headers } });
    log.info({ headers: { authorization: 'Bearer a.b.c' }, body: { token: 'g.h.i' } });
    const written = lines.join('');
    expect(JSON.parse(lines[0]!).req).toEqual({ id: 'r1', method: 'GET', path: '/common-server/domo' });
    for (const secret of ['a.b.c', 'xyz', 'd.e.f', 'g.h.i', 'dashBoardId']) expect(written).not.toContain(secret);
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
