import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import {
  activeParticipant,
  CODE_EXPIRED,
  DEMO,
  INVALID_OTP,
  me,
  MINUTE_MS,
  otherThan,
  setDowntime,
  startCodeLogin,
  submitCode,
  SYSTEM_DOWN,
  useAuthApp,
} from './auth-helpers';

describeOnDatabase('POST /login/otp', (target) => {
  const testApp = useAuthApp(target);
  /** The demo patient (Spanish) part-way through signing in. */
  const pendingDemo = () => startCodeLogin(testApp(), DEMO.email, DEMO.password);

  it('signs in with the right code, clears the attempt cookie, and takes the code only once', async () => {
    const t = testApp();
    const { cookies, code } = await pendingDemo();
    const reply = await submitCode(t, { otp: code, username: DEMO.email }, cookies);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toEqual({
      twoFactorEnabled: true,
      accessTokenResponse: expect.objectContaining({ token_type: 'Bearer', expires_in: 300 }),
    });
    expect((await me(t, data.accessTokenResponse.access_token)).statusCode).toBe(200);
    const cleared = reply.cookies.find((c) => c.name === 'login_attempt');
    expect(cleared).toMatchObject({ value: '', path: '/common-server/login' });
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());

    expect((await submitCode(t, { otp: code, username: DEMO.email }, cookies)).json()).toEqual(CODE_EXPIRED);
  });

  it('refuses a wrong code in the reader’s language, and still takes the right one', async () => {
    const t = testApp();
    const { cookies, code } = await pendingDemo();
    const wrong = await submitCode(t, { otp: otherThan(code) }, cookies);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID_OTP);
    expect((await submitCode(t, { otp: otherThan(code) }, cookies, 'sp')).json().message).toBe('Código no válido');
    expect((await submitCode(t, { otp: code }, cookies)).statusCode).toBe(200);
  });

  it('expires the code otpExpiryInMin minutes after it was sent', async () => {
    const t = testApp();
    const early = await pendingDemo();
    t.clock.advance(10 * MINUTE_MS - 1000);
    expect((await submitCode(t, { otp: early.code }, early.cookies)).statusCode).toBe(200);

    const late = await pendingDemo();
    t.clock.advance(10 * MINUTE_MS);
    const reply = await submitCode(t, { otp: late.code }, late.cookies);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(CODE_EXPIRED);
    expect((await submitCode(t, { otp: late.code }, late.cookies, 'sp')).json().message).toBe(
      'Su código venció; inicie sesión de nuevo',
    );
  });

  it('takes a code only with the cookie of the attempt it was sent for', async () => {
    const t = testApp();
    const demo = await pendingDemo();
    const other = await startCodeLogin(t, await activeParticipant(t));
    expect((await submitCode(t, { otp: demo.code, username: DEMO.email }, {})).json()).toEqual(CODE_EXPIRED);
    expect((await submitCode(t, { otp: demo.code, username: DEMO.email }, other.cookies)).json()).toEqual(CODE_EXPIRED);
    expect((await submitCode(t, { otp: demo.code, username: DEMO.email }, demo.cookies)).statusCode).toBe(200);
  });

  it('keeps only the newest login’s code working', async () => {
    const t = testApp();
    const first = await pendingDemo();
    const second = await pendingDemo();
    expect((await submitCode(t, { otp: first.code }, first.cookies)).json()).toEqual(CODE_EXPIRED);
    expect((await submitCode(t, { otp: second.code }, first.cookies)).json()).toEqual(CODE_EXPIRED);
    expect((await submitCode(t, { otp: second.code }, second.cookies)).statusCode).toBe(200);
  });

  it('asks for a code when it is empty, and refuses one over 8 characters or not digits', async () => {
    const t = testApp();
    const { cookies } = await pendingDemo();
    for (const [body, language, message] of [
      [{ otp: '' }, 'en', 'Please enter your Login OTP'],
      [{}, 'en', 'Please enter your Login OTP'],
      [{ otp: '   ' }, 'sp', 'Ingrese su código de acceso'],
      [{ otp: '123456789' }, 'en', 'Invalid OTP'],
      [{ otp: '12a456' }, 'en', 'Invalid OTP'],
    ] as const) {
      const reply = await submitCode(t, body, cookies, language);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().data).toEqual([{ errorField: 'otp', message }]);
    }
  });

  it('answers SYSTEM_DOWN to a patient whose code arrives during downtime', async () => {
    const t = testApp();
    const { cookies, code } = await pendingDemo();
    await setDowntime(t, true);
    const reply = await submitCode(t, { otp: code }, cookies);
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual(SYSTEM_DOWN);
  });
});
