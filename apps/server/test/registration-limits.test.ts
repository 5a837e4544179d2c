import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_START, useTestApp } from './helpers';
import {
  activationLinks,
  get,
  postRaw,
  postSealed,
  registerParticipant,
  registration,
  resend,
  uniqueEmail,
} from './registration-helpers';

const TOO_MANY_ATTEMPTS = {
  en: { status: false, message: 'Too many attempts. Please wait a while and try again.' },
  sp: { status: false, message: 'Demasiados intentos. Espere un rato e inténtelo de nuevo.' },
};
const TOO_MANY_REQUESTS = {
  en: { status: false, message: 'Too many requests. Please wait a moment and try again.' },
  sp: { status: false, message: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.' },
};

// Both databases: attempts per address are counted by an upsert in the database's own table.
describeEachDatabase('per-address limits', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });

  it('POST /register: 5 attempts an hour per address, whatever its case', async () => {
    const t = testApp();
    t.clock.set(TEST_START);
    const { email } = await registerParticipant(t);
    // The first attempt registered; the rest of the hour's attempts find the address taken.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      const address = attempt % 2 ? email : email.toUpperCase();
      expect((await postSealed(t, '/register', registration({ email: address }))).statusCode, `${attempt}`).toBe(409);
    }
    const limited = await postSealed(t, '/register', registration({ email }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_ATTEMPTS.en);
    expect((await postSealed(t, '/register', registration({ email }), { language: 'sp' })).json()).toEqual(
      TOO_MANY_ATTEMPTS.sp,
    );

    // Another address is not affected, and the next hour starts afresh.
    expect((await postSealed(t, '/register', registration())).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await postSealed(t, '/register', registration({ email }))).statusCode).toBe(409);
  });

  it('POST /validateCredentials: 10 checks per address in 10 minutes', async () => {
    const t = testApp();
    t.clock.set(TEST_START);
    const email = uniqueEmail();
    const check = () => postSealed(t, '/validateCredentials', { email, password: 'Kidney#2026' });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await check()).statusCode, `${attempt}`).toBe(200);
    }
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_ATTEMPTS.en);

    t.clock.advance(10 * 60_000);
    expect((await check()).statusCode).toBe(200);
  });

  it('GET /resendActivationEmail: 3 resends an hour per address, then nothing is sent', async () => {
    const t = testApp();
    t.clock.set(TEST_START);
    const { email } = await registerParticipant(t);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await resend(t, { email })).statusCode, `${attempt}`).toBe(200);
    }
    const limited = await resend(t, { email }, { language: 'sp' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_ATTEMPTS.sp);
    expect(await activationLinks(t, email)).toHaveLength(4); // the registration's link and 3 resends
  });
});

/**
 * RATE_LIMIT_FACTOR 0.1: register and resend allow 1 request an hour, validateCredentials and confirm 3. Both
 * databases: per-IP limits are counted in memory on the embedded one, in a table on PostgreSQL.
 */
describeEachDatabase('per-IP limits', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false', RATE_LIMIT_FACTOR: '0.1' } });

  it('POST /register: the 2nd request an hour from one address is refused with 429, translated', async () => {
    const t = testApp();
    const from = { remoteAddress: '203.0.113.10' };
    expect((await postRaw(t, '/register', { email: 'not sealed' }, from)).statusCode).toBe(400);
    const limited = await postRaw(t, '/register', { email: 'not sealed' }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_REQUESTS.en);
    expect((await postRaw(t, '/register', {}, { ...from, language: 'sp' })).json()).toEqual(TOO_MANY_REQUESTS.sp);
    // Another address may still register.
    const other = await postSealed(t, '/register', registration(), { remoteAddress: '203.0.113.11' });
    expect(other.statusCode).toBe(200);
  });

  it('POST /validateCredentials: 3 requests, then 429', async () => {
    const t = testApp();
    const from = { remoteAddress: '203.0.113.20' };
    for (let i = 1; i <= 3; i += 1) {
      const reply = await postSealed(
        t,
        '/validateCredentials',
        { email: uniqueEmail(), password: 'Kidney#2026' },
        from,
      );
      expect(reply.statusCode, `${i}`).toBe(200);
    }
    const limited = await postSealed(t, '/validateCredentials', { email: uniqueEmail(), password: 'x' }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_REQUESTS.en);
  });

  it('GET /resendActivationEmail: 1 request, then 429', async () => {
    const t = testApp();
    const from = { remoteAddress: '203.0.113.30' };
    expect((await resend(t, { email: uniqueEmail() }, from)).statusCode).toBe(200);
    expect((await resend(t, { email: uniqueEmail() }, from)).statusCode).toBe(429);
  });

  it('GET /registrationConfirm: 3 requests, then 429', async () => {
    const t = testApp();
    const from = { remoteAddress: '203.0.113.40' };
    for (let i = 1; i <= 3; i += 1) {
      expect((await get(t, '/registrationConfirm', { token: 'x', id: 'y' }, from)).statusCode, `${i}`).toBe(400);
    }
    expect((await get(t, '/registrationConfirm', { token: 'x', id: 'y' }, from)).statusCode).toBe(429);
  });
});
