import { expect } from 'vitest';
import type { Language } from '@portal/shared/constants';
import type { TestApp } from './helpers';
import { signInAdmin, UNAUTHORIZED } from './auth-helpers';
import { call } from './participant-helpers';

/** An editor's version as replies carry it: 16 hexadecimal digits. */
export const VERSION = expect.stringMatching(/^[0-9a-f]{16}$/);
export const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** The refusal of a save made from an editor opened before another administrator's save. */
export const STALE = {
  en: {
    status: false,
    message:
      'Another administrator changed this setting after you opened it. Select Reload to see the current values, ' +
      'then make your change again.',
  },
  sp: {
    status: false,
    message:
      'Otro administrador cambió esta configuración después de que usted la abrió. Seleccione Volver a cargar ' +
      'para ver los valores actuales y luego vuelva a hacer su cambio.',
  },
};
export const FORBIDDEN = { status: false, message: 'You do not have access to this page.' };

/** The security policy as seeded on a first start. */
export const SEEDED_POLICY = {
  otpLength: 6,
  otpExpiryInMin: 10,
  otpEnabledForPatient: true,
  otpRequiredBeforeICFSign: false,
  minLength: 8,
  maxLength: 15,
  upperCaseCharCount: 1,
  lowerCaseCharCount: 1,
  digitCharCount: 1,
  specialCharCount: 1,
  resetPasswordAgainLimitInHrs: 24,
  registrationTokenExpiryInDays: 90,
  failedAttemptLimit: 5,
  unlockAccountTimeInMin: 15,
  inactiveSessionTimeoutInMin: 30,
};

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An administrator's calls: one sign-in, then each call with its token. */
export async function adminSession(t: TestApp) {
  const token = (await signInAdmin(t)).access_token;
  return (
    method: Method,
    path: string,
    options: { payload?: unknown; language?: Language; headers?: Record<string, string> } = {},
  ) => call(t, method, path, token, options);
}
export type AdminCall = Awaited<ReturnType<typeof adminSession>>;

/** Checks that each call answers 401 without a token and 403 to a participant, in the envelope. */
export async function expectAdminOnly(t: TestApp, participantToken: string, calls: [Method, string, unknown?][]) {
  for (const [method, path, payload] of calls) {
    const anonymous = await call(t, method, path, undefined, { payload });
    expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
    expect(anonymous.json()).toEqual(UNAUTHORIZED);
    const participant = await call(t, method, path, participantToken, { payload });
    expect(participant.statusCode, `${method} ${path}`).toBe(403);
    expect(participant.json()).toEqual(FORBIDDEN);
  }
}

/** The data of a successful call, after checking it succeeded. */
export async function dataOf<T = Record<string, unknown>>(
  reply: Promise<{ statusCode: number; body: string; json(): unknown }>,
) {
  const answered = await reply;
  expect(answered.statusCode, answered.body).toBe(200);
  return (answered.json() as { data: T }).data;
}
