import { and, eq, gte } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Language } from '@portal/shared/constants';
import { auditLog, users } from '../src/db/schema';
import type { TestApp } from './helpers';
import { attemptCookie, login, type Tokens } from './auth-helpers';
import { call } from './participant-helpers';
import { appCodeNow, ORIGIN, signInCall, type SignInCallOptions } from './second-factor-helpers';
import { createSoftPasskey, signWithSoftPasskey, type SoftPasskey } from './soft-passkey';

/** The base path of a staff member's own security calls. */
export const SECURITY = '/staff-security';

/** The refusals and messages of the second factor, as a reader sees them. */
export const CODE_INVALID = {
  en: 'That code is not right or was already used. Check the code and try again.',
  sp: 'Ese código no es correcto o ya se usó. Revise el código e inténtelo de nuevo.',
};
export const STEP_UP_MESSAGE = {
  en: "Confirm it's you: enter your second factor again to continue.",
  sp: 'Confirme que es usted: vuelva a usar su segundo factor para continuar.',
};
export const PASSKEY_FAILED = {
  en: 'The passkey could not be used. Try again or use another way.',
  sp: 'No se pudo usar la llave de acceso. Inténtelo de nuevo o use otra forma.',
};
export const ENROLMENT_EXPIRED = 'This setup has expired. Please sign in again.';

/** A wrong, reused or unknown code: the sign-in's (401) and step-up's (400) refusal body. */
export const wrongCode = (language: 'en' | 'sp' = 'en') => ({
  status: false,
  message: CODE_INVALID[language],
  data: { errorCode: 'INVALID_OTP' },
});

/** The 403 of a dangerous call whose session gave its second factor more than 5 minutes ago. */
export const stepUpRequired = (factors: string[], language: 'en' | 'sp' = 'en') => ({
  status: false,
  message: STEP_UP_MESSAGE[language],
  data: { errorCode: 'STEP_UP_REQUIRED', factors },
});

/** The session an access token belongs to (its `sid` claim). */
export const sessionIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;

/**
 * A staff sign-in as a browser makes it: the password, then the current code of the app with `secret`, the code
 * step sent with `options` (user agent, address). Used codes are not forgotten: each code works once.
 */
export async function staffSignIn(
  t: TestApp,
  email: string,
  password: string,
  secret: string,
  options: SignInCallOptions = {},
): Promise<Tokens> {
  const first = await login(t, email, password);
  expect(first.json().data, first.body).toMatchObject({ twoFactorEnabled: true });
  const second = await signInCall(
    t,
    '/login/otp',
    { otp: appCodeNow(t, secret), username: email },
    { ...options, cookies: attemptCookie(first) },
  );
  expect(second.statusCode, second.body).toBe(200);
  return second.json().data.accessTokenResponse;
}

/** `GET /staff-security`: the member's factors, recovery codes left and sessions. */
export async function securityOf(t: TestApp, token: string) {
  const reply = await call(t, 'GET', SECURITY, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as {
    factors: { id: string; kind: string; name: string; createdAt: string; lastUsedAt: string | null }[];
    recoveryCodesLeft: number;
    sessions: {
      id: string;
      current: boolean;
      device: string | null;
      browser: string | null;
      ipPrefix: string | null;
      createdAt: string;
      lastSeenAt: string;
      expiresAt: string;
    }[];
  };
}

/** Ten new recovery codes from the security page (a dangerous call: within 5 minutes of the factor). */
export async function newRecoveryCodes(t: TestApp, token: string): Promise<string[]> {
  const reply = await call(t, 'POST', `${SECURITY}/recovery-codes`, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.recoveryCodes;
}

/** Adds a software passkey on the member's security page; answers the passkey, to sign with later. */
export async function addPasskey(t: TestApp, token: string, name = ''): Promise<SoftPasskey> {
  const options = await call(t, 'POST', `${SECURITY}/passkeys/options`, token);
  expect(options.statusCode, options.body).toBe(200);
  const { passkey, response } = createSoftPasskey(options.json().data, ORIGIN);
  const saved = await call(t, 'POST', `${SECURITY}/passkeys`, token, { payload: { response, name } });
  expect(saved.statusCode, saved.body).toBe(200);
  return passkey;
}

/** Signs in with a passkey alone (discoverable): options, the authenticator's answer, and the reply. */
export async function passkeySignIn(t: TestApp, passkey: SoftPasskey, options: SignInCallOptions = {}) {
  const challenge = await signInCall(t, '/login/passkey/options', {}, options);
  expect(challenge.statusCode, challenge.body).toBe(200);
  const response = signWithSoftPasskey(passkey, challenge.json().data, ORIGIN);
  return { response, reply: await signInCall(t, '/login/passkey', { response }, options) };
}

/** `POST /staff-security/step-up` with an app or recovery code. */
export const stepUp = (t: TestApp, token: string, otp: string, language?: Language) =>
  call(t, 'POST', `${SECURITY}/step-up`, token, { payload: { otp }, language });

/**
 * The audit records of an action about one account (its subject), oldest first; those since an instant when given.
 * The audit trail is never emptied between tests, and each test's accounts are new.
 */
export async function auditOf(t: TestApp, action: string, subjectId: string, since?: Date) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId), since ? gte(auditLog.at, since) : undefined),
    );
  return rows
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ actorId, subjectId: subject, details }) => ({ actorId, subjectId: subject, details }));
}

/** An account's failed sign-ins and lock, as kept. */
export async function lockStateOf(t: TestApp, userId: string) {
  const [row] = await t.db
    .select({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}
