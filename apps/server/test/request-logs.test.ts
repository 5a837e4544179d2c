import type { FastifyLoggerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/plugins/logging';
import { attemptCookie, codesSentTo, login, otherThan, PATIENT_PASSWORD, refresh, submitCode } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { useTestApp, type TestApp } from './helpers';
import { call } from './participant-helpers';
import { API, confirm, registerParticipant } from './registration-helpers';
import { COMPLETE_ANSWERS, startRound, submitAnswers } from './survey-helpers';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
}

/** The portal's own logger options at the most detailed level, writing into an array instead of stdout. */
function capturedLogger() {
  const written: string[] = [];
  const options = {
    ...(loggerOptions('trace') as FastifyLoggerOptions),
    stream: { write: (line: string) => void written.push(line) },
  };
  return { options, written, lines: () => written.map((line) => JSON.parse(line) as LogLine) };
}

const API_KEY = 'hsk_SecretApiKeyNeverLogged0123456789abcdefghij';
const DASHBOARD_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.dashboard-token-never-logged.signature';

/** Every kind of request a participant makes with something secret in it, and the secrets it carried. */
async function secretCarryingCalls(t: TestApp): Promise<string[]> {
  const registered = await registerParticipant(t, { firstName: 'Zenobia', lastName: 'Quillfeather' });
  expect((await confirm(t, registered)).statusCode).toBe(200);
  const first = await login(t, registered.email, PATIENT_PASSWORD);
  expect(first.json().data).toMatchObject({ twoFactorEnabled: true });
  const [code] = await codesSentTo(t, registered.email);
  const wrong = await submitCode(t, { otp: otherThan(code!), username: registered.email }, attemptCookie(first));
  expect(wrong.statusCode).toBe(401);
  const second = await submitCode(t, { otp: code, username: registered.email }, attemptCookie(first));
  expect(second.statusCode, second.body).toBe(200);
  const signedIn = second.json().data.accessTokenResponse;
  const refreshed = await refresh(t, signedIn.refresh_token);
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  const tokens = refreshed.json().data;

  await signConsent(t, tokens.access_token);
  const responseId = await startRound(t, tokens.access_token, 'core');
  const submitted = await submitAnswers(t, tokens.access_token, responseId, { answers: COMPLETE_ANSWERS.core });
  expect(submitted.statusCode, submitted.body).toBe(200);

  // Credentials in the places a careless log would print them: the query string, headers, a body that fails.
  await t.app.inject({ method: 'POST', url: `${API}/logout?token=${tokens.access_token}` });
  await t.app.inject({
    method: 'GET',
    url: `${API}/health-system-api/participants`,
    headers: { 'x-api-key': API_KEY },
  });
  await t.app.inject({
    method: 'GET',
    url: `${API}/survey/report/count`,
    headers: { 'x-dashboard-token': DASHBOARD_TOKEN },
  });
  const unreadable = await t.app.inject({
    method: 'POST',
    url: `${API}/refresh-token`,
    headers: { 'content-type': 'application/json' },
    payload: `{"refresh_token":"${signedIn.refresh_token}", "password":"${PATIENT_PASSWORD}"`,
  });
  expect(unreadable.statusCode).toBe(400);
  const failed = await call(t, 'POST', '/log-test/fails', tokens.access_token, {
    payload: { password: PATIENT_PASSWORD, answer: 'in-center-hemodialysis' },
  });
  expect(failed.statusCode).toBe(500);

  return [
    PATIENT_PASSWORD,
    registered.email,
    'Zenobia',
    'Quillfeather',
    code!,
    signedIn.access_token,
    signedIn.refresh_token,
    tokens.access_token,
    tokens.refresh_token,
    API_KEY,
    DASHBOARD_TOKEN,
    // Answers to the questionnaire, as codes and as the one number no other line holds.
    'in-center-hemodialysis',
    'being-evaluated',
    'within-6-months',
  ];
}

describe('Request logs', () => {
  const log = capturedLogger();
  const testApp = useTestApp(
    { name: 'PGlite', kind: 'pglite-memory' },
    {
      env: { CAPTCHA_ENABLED: 'false' },
      logger: log.options,
      configure: (app) => {
        app.post(`${API}/log-test/fails`, { config: { access: 'public' } }, async () => {
          throw new Error('the answers could not be stored');
        });
      },
    },
  );

  it('hold no password, code, token, key or answer, and name the request on every line of one', async () => {
    const t = testApp();
    log.written.length = 0;
    const secrets = await secretCarryingCalls(t);
    const written = log.written.join('');
    for (const secret of secrets) expect(written, secret).not.toContain(secret);

    const lines = log.lines();
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    const completed = lines.filter((line) => line.msg === 'request completed');
    // Registration and activation, 2 code tries, the refresh, 3 steps of signing, 3 of the survey, 5 more calls.
    expect(incoming).toHaveLength(17);
    expect(completed.map((line) => line.reqId)).toEqual(incoming.map((line) => line.reqId));
    expect(new Set(incoming.map((line) => line.reqId)).size).toBe(incoming.length);
    const requestIds = new Set(incoming.map((line) => line.reqId));
    for (const line of lines) expect(requestIds.has(line.reqId), JSON.stringify(line)).toBe(true);
    for (const line of incoming) expect(Object.keys(line.req!).sort()).toEqual(['id', 'method', 'path']);

    const failure = lines.find((line) => line.msg === 'request failed')!;
    expect(failure).toMatchObject({ level: 50, err: { type: 'Error', message: 'the answers could not be stored' } });
    expect(incoming.find((line) => line.reqId === failure.reqId)!.req).toMatchObject({
      method: 'POST',
      path: '/common-server/log-test/fails',
    });
    expect(lines.find((line) => line.req?.path === '/common-server/logout')!.req).toEqual({
      id: expect.any(String),
      method: 'POST',
      path: '/common-server/logout',
    });
  });
});
