import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from './helpers';
import { API, postRaw, postSealed } from './registration-helpers';
import { submitCode } from './auth-helpers';

const NUM_RUNS = 50;
/** Any text, control characters, NUL and lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 60 });

function expectNoServerError(reply: LightMyRequestResponse) {
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  expect(typeof reply.json().status, reply.body).toBe('boolean');
}

describeEachDatabase('no input makes the sign-in calls fail with 5xx', (target) => {
  const testApp = useTestApp(target, { env: { RATE_LIMIT_FACTOR: '100000' } });
  const check = <T>(property: fc.IAsyncProperty<T>) => fc.assert(property, { numRuns: NUM_RUNS });

  it('POST /login, /login/otp, /refresh-token and /logout: any JSON body', async () => {
    await check(
      fc.asyncProperty(
        fc.constantFrom('/login', '/login/otp', '/refresh-token', '/logout'),
        fc.jsonValue(),
        async (path, body) => {
          expectNoServerError(await postRaw(testApp(), path, body));
        },
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

  it('GET /keycloak/user and POST /logout: any Authorization header and token query', async () => {
    const header = fc.oneof(
      anyText,
      anyText.map((text) => `Bearer ${text}`),
      fc.string().map((s) => `Bearer a.${s}.b`),
    );
    await check(
      fc.asyncProperty(header, fc.string({ maxLength: 80 }), async (authorization, token) => {
        const headers = { authorization: authorization.replace(/[\r\n\0]/g, '') };
        expectNoServerError(await testApp().app.inject({ method: 'GET', url: `${API}/keycloak/user`, headers }));
        expectNoServerError(
          await testApp().app.inject({ method: 'POST', url: `${API}/logout`, headers, query: { token } }),
        );
      }),
    );
  });
});
