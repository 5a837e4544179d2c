import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, it } from 'vitest';
import { describeOnDatabase, TEST_START, useTestApp, type TestApp } from './helpers';
import { get, postSealed, registration, userByEmail } from './registration-helpers';

const CAPTCHA_REFUSED = {
  status: false,
  message: 'Registration failed. Please check your input and try again.',
  data: [
    {
      errorField: 'altcha',
      message: 'We could not confirm that you are not a robot. Please complete the check again, then register.',
    },
  ],
};

/** What the ALTCHA widget does: fetch a challenge, solve it, and encode the solution for the form. */
async function solvedCaptcha(t: TestApp): Promise<string> {
  const reply = await get(t, '/captcha/challenge');
  expect(reply.statusCode).toBe(200);
  const { data } = reply.json<{ status: true; data: Challenge }>();
  const solution = await solveChallenge({ challenge: data, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge: data, solution })).toString('base64');
}

const register = (t: TestApp, altcha?: string) =>
  postSealed(t, '/register', registration(altcha === undefined ? {} : { altcha }));

describeOnDatabase('the registration captcha (CAPTCHA_ENABLED true)', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'true' } });

  it('hands out signed PBKDF2 challenges', async () => {
    const reply = await get(testApp(), '/captcha/challenge');
    expect(reply.json()).toMatchObject({
      status: true,
      data: { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: expect.any(String) }, signature: expect.any(String) },
    });
  });

  it.each([
    ['no solution', undefined],
    ['an empty solution', ''],
    ['text that is not base64 JSON', 'garbage'],
    ['JSON without a solution', Buffer.from('{"challenge":{}}').toString('base64')],
    ['an over-long solution', 'A'.repeat(5_000)],
  ])('refuses %s with 400 on the altcha field', async (_what, altcha) => {
    const reply = await register(testApp(), altcha);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(CAPTCHA_REFUSED);
  });

  it('checks the captcha only once the fields are valid', async () => {
    const reply = await postSealed(testApp(), '/register', registration({ firstName: '' }));
    expect(reply.json().data).toEqual([{ errorField: 'firstName', message: 'Please enter first name' }]);
  });

  it('refuses a solution whose derived key was changed', async () => {
    const t = testApp();
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(t), 'base64').toString());
    payload.solution.derivedKey = payload.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    const reply = await register(t, Buffer.from(JSON.stringify(payload)).toString('base64'));
    expect(reply.json()).toEqual(CAPTCHA_REFUSED);
  });

  it('registers with a real solution once, refusing it when used again or after 10 minutes', async () => {
    const t = testApp();
    t.clock.set(TEST_START);
    const altcha = await solvedCaptcha(t);

    t.clock.advance(10 * 60_000 + 1);
    const stale = registration({ altcha });
    expect((await postSealed(t, '/register', stale)).json()).toEqual(CAPTCHA_REFUSED);
    expect(await userByEmail(t, String(stale.email))).toBeUndefined();

    t.clock.advance(-1); // exactly 10 minutes old: still good, and not used up by the stale attempt
    const fresh = registration({ altcha });
    const accepted = await postSealed(t, '/register', fresh);
    expect(accepted.statusCode).toBe(200);
    expect(await userByEmail(t, String(fresh.email))).toMatchObject({ status: 'pending' });

    const reused = registration({ altcha });
    expect((await postSealed(t, '/register', reused)).json()).toEqual(CAPTCHA_REFUSED);
    expect(await userByEmail(t, String(reused.email))).toBeUndefined();
  });
});
