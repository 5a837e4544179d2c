import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeOnDatabase, useTestApp } from './helpers';
import { API, postRaw } from './registration-helpers';

const NUM_RUNS = 50;
/** Any text, control characters, NUL and lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const uuidLike = fc.oneof(fc.uuid(), anyText);

function expectNoServerError(reply: LightMyRequestResponse) {
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  expect(typeof reply.json().status, reply.body).toBe('boolean');
}

describeOnDatabase('no input makes the password calls fail with 5xx', (target) => {
  // The routes' per-IP limits (10 to 30 an hour) would otherwise answer 429 to most runs, before any rule is reached.
  const testApp = useTestApp(target, { env: { RATE_LIMIT_FACTOR: '100000' } });
  const check = <T>(property: fc.IAsyncProperty<T>) => fc.assert(property, { numRuns: NUM_RUNS });
  const get = (path: string, query: Record<string, string>) =>
    testApp().app.inject({ method: 'GET', url: `${API}${path}`, query });

  it('GET /reset-password/init and /verify-reset-password: any query values', async () => {
    await check(
      fc.asyncProperty(anyText, anyText, uuidLike, async (email, token, id) => {
        expectNoServerError(await get('/reset-password/init', { email }));
        expectNoServerError(await get('/verify-reset-password', { token, id }));
      }),
    );
  });

  it('POST /reset-password: any JSON body, and any text in each field', async () => {
    await check(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        expectNoServerError(await postRaw(testApp(), '/reset-password', body));
      }),
    );
    await check(
      fc.asyncProperty(anyText, uuidLike, anyText, anyText, async (token, userId, password, newPassword) => {
        expectNoServerError(await postRaw(testApp(), '/reset-password', { token, userId, password, newPassword }));
      }),
    );
  });
});
