import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeOnDatabase, useTestApp } from './helpers';
import { API, postRaw, postSealed, registration, uniqueEmail } from './registration-helpers';

const NUM_RUNS = 50;
/** A valid registration; its address is replaced by a fresh one whenever a run keeps it. */
const TEMPLATE = registration();
const FIELDS = Object.keys(TEMPLATE);

/** Any text, control characters, NUL and lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const oddChar = fc.oneof(
  fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u200b', '\ufeff', 'é', '😀', "'", '"', '%', '\\'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const oddPart = (minLength: number) =>
  fc.array(oddChar, { minLength, maxLength: 6 }).map((chars) => chars.join('').replace(/[\s@]/g, ''));
/** Addresses shaped like an e-mail (text, @, domain, .org) while carrying odd characters. */
const oddEmail = fc.tuple(oddPart(1), oddPart(0)).map(([local, domain]) => `${local}x@${domain}x.org`);
const fieldName = fc.oneof(fc.constantFrom(...FIELDS, 'altcha', 'email', 'id', 'token'), fc.string({ maxLength: 10 }));

/** Query text as a client could send it: every byte outside printable ASCII percent-encoded. */
const rawQuery = fc
  .array(fc.oneof(fc.constantFrom('email=', 'id=', 'token=', '&', '=', '%', '%zz', '%00', '%C3', '+', '[]'), anyText), {
    maxLength: 8,
  })
  .map((parts) =>
    [...new TextEncoder().encode(parts.join(''))]
      .map((b) => (b > 0x20 && b < 0x7f && b !== 0x23 ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`))
      .join(''),
  );

function expectNoServerError(reply: LightMyRequestResponse) {
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  expect(typeof reply.json().status, reply.body).toBe('boolean');
}

describeOnDatabase('no input makes the registration calls fail with 5xx', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  const check = <T>(property: fc.IAsyncProperty<T>) => fc.assert(property, { numRuns: NUM_RUNS });

  it('POST /register and /validateCredentials: any JSON body', async () => {
    await check(
      fc.asyncProperty(fc.constantFrom('/register', '/validateCredentials'), fc.jsonValue(), async (path, body) => {
        expectNoServerError(await postRaw(testApp(), path, body));
      }),
    );
  });

  it('POST /register: every field sealed from any text or a valid value', async () => {
    const fields = fc.record(
      Object.fromEntries(FIELDS.map((field) => [field, fc.oneof(fc.constant(String(TEMPLATE[field])), anyText)])),
    );
    await check(
      fc.asyncProperty(fields, fc.dictionary(fieldName, anyText, { maxKeys: 3 }), async (sealed, extra) => {
        const payload = { ...extra, ...sealed };
        if (payload.email === TEMPLATE.email) payload.email = uniqueEmail();
        expectNoServerError(await postSealed(testApp(), '/register', payload));
      }),
    );
  });

  it('POST /register: a valid registration with one field replaced by odd text, or from an odd address', async () => {
    const change = fc.oneof(fc.tuple(fc.constantFrom(...FIELDS), anyText), fc.tuple(fc.constant('email'), oddEmail));
    await check(
      fc.asyncProperty(change, async ([field, value]) => {
        expectNoServerError(await postSealed(testApp(), '/register', registration({ [field]: value })));
      }),
    );
  });

  it('POST /validateCredentials: any sealed e-mail and password', async () => {
    await check(
      fc.asyncProperty(
        fc.oneof(anyText, oddEmail),
        fc.oneof(anyText, fc.constant('Kidney#2026')),
        async (email, password) => {
          expectNoServerError(await postSealed(testApp(), '/validateCredentials', { email, password }));
        },
      ),
    );
  });

  it.each(['/resendActivationEmail', '/registrationConfirm'])('GET %s: any query string', async (path) => {
    const value = fc.oneof(anyText, oddEmail, fc.uuid());
    const query = fc.oneof(
      fc.record({ email: value, id: value, token: value }, { requiredKeys: [] }),
      fc.dictionary(fieldName, value, { maxKeys: 4 }),
      rawQuery,
    );
    await check(
      fc.asyncProperty(query, async (q) => {
        const search = typeof q === 'string' ? q : new URLSearchParams(q).toString();
        expectNoServerError(await testApp().app.inject({ method: 'GET', url: `${API}${path}?${search}` }));
      }),
    );
  });
});
