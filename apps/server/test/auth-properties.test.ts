import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeOnDatabase, useTestApp } from './helpers';
import { API, postSealed } from './registration-helpers';
import { submitCode } from './auth-helpers';

const NUM_RUNS = 50;
/** Any text, control characters, NUL and lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const anyQuery = fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 40 }), {
  maxKeys: 3,
});

function expectNoServerError(reply: LightMyRequestResponse) {
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  expect(typeof reply.json().status, reply.body).toBe('boolean');
}

describeOnDatabase('no input makes the sign-in calls fail with 5xx', (target) => {
  const testApp = useTestApp(target, { env: { RATE_LIMIT_FACTOR: '100000' } });
  const check = <T extends unknown[]>(property: fc.IAsyncProperty<T>) => fc.assert(property, { numRuns: NUM_RUNS });
  const post = (path: string, body: unknown, query: Record<string, string> = {}) =>
    testApp().app.inject({
      method: 'POST',
      url: `${API}${path}`,
      query,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('POST /login, /login/otp, /refresh-token and /logout: any JSON body and query', async () => {
    await check(
      fc.asyncProperty(
        fc.constantFrom('/login', '/login/otp', '/refresh-token', '/logout'),
        fc.jsonValue(),
        anyQuery,
        async (path, body, query) => expectNoServerError(await post(path, body, query)),
      ),
    );
  });

  it('POST /login: any sealed e-mail and password', async () => {
    await check(
      fc.asyncProperty(anyText, anyText, async (email, password) => {
        expectNoServerError(await postSealed(testApp(), '/login', { email, password }));
      }),
    );
  });

  it('POST /login/otp: any code, user name and attempt cookie', async () => {
    await check(
      fc.asyncProperty(anyText, anyText, fc.string({ maxLength: 80 }), async (otp, username, attempt) => {
        expectNoServerError(await submitCode(testApp(), { otp, username }, { login_attempt: attempt }));
      }),
    );
  });

  it('POST /refresh-token and /logout: any refresh token', async () => {
    await check(
      fc.asyncProperty(anyText, async (token) => {
        expectNoServerError(await post('/refresh-token', { refresh_token: token }));
        expectNoServerError(await post('/logout', { refresh_token: token }, { token }));
      }),
    );
  });

  it('GET /keycloak/user and POST /logout: any Authorization header, or none', async () => {
    const header = fc.option(
      fc.oneof(
        anyText,
        anyText.map((text) => `Bearer ${text}`),
        fc.string().map((s) => `Bearer a.${s}.b`),
      ),
    );
    await check(
      fc.asyncProperty(header, async (authorization) => {
        const headers = authorization === null ? {} : { authorization: authorization.replace(/[\r\n\0]/g, '') };
        for (const [method, path] of [
          ['GET', '/keycloak/user'],
          ['POST', '/logout'],
        ] as const) {
          expectNoServerError(await testApp().app.inject({ method, url: `${API}${path}`, headers }));
        }
      }),
    );
  });
});
