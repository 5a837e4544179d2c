import { gte } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect } from 'vitest';
import { LOGIN_ATTEMPT_COOKIE, type LoginErrorCode } from '@portal/shared/auth/login';
import type { Language } from '@portal/shared/constants';
import { auditLog, downtimeSettings, securityPolicy } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { DEMO_PATIENT } from '../src/db/seed-data';
import {
  resetDatabase,
  TEST_ADMIN_APP_SECRET,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useTestApp,
  type TestApp,
  type TestDatabaseTarget,
} from './helpers';
import { API, confirm, postRaw, postSealed, registerParticipant, type CallOptions } from './registration-helpers';
import { appCodeNow, forgetUsedAppCodes, STAFF_APP_SECRET } from './second-factor-helpers';

export const MINUTE_MS = 60_000;
/** The password `registerParticipant` registers with. */
export const PATIENT_PASSWORD = 'Kidney#2026';
export const WRONG_PASSWORD = 'Wrong#Pass1';
export const ADMIN = { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD };
/** The seeded demo patient: active, Spanish. */
export const DEMO = { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password };

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** The body of a refused sign-in call (status false, the error code and its message), in English. */
export const refusal = (errorCode: LoginErrorCode, message: string) => ({
  status: false,
  message,
  data: { errorCode },
});
export const INCORRECT = refusal('INVALID_CREDENTIALS', 'Incorrect email or password');
export const INVALID_OTP = refusal('INVALID_OTP', 'Invalid OTP');
export const CODE_EXPIRED = refusal('LOGIN_OTP_EXPIRED', 'Your code has expired, please log in again');
export const SYSTEM_DOWN = refusal('SYSTEM_DOWN', 'System is under maintenance. Please try again later.');
/** The body of a 401 from an authenticated call. */
export const UNAUTHORIZED = { status: false, message: 'Your session has ended. Please log in again.' };

/**
 * A fresh start for each scenario: the seeded database, no e-mail delivered yet, and the clock a minute on
 * (the audit trail is never emptied, so each scenario's rows are those from its start).
 */
export async function freshStart(t: TestApp) {
  await resetDatabase(t.db);
  await seedDatabase(t.db, {
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    adminAppSecret: TEST_ADMIN_APP_SECRET,
    demo: true,
    clock: t.clock,
  });
  t.app.services.settings.invalidate();
  t.mail.delivered.length = 0;
  t.clock.advance(MINUTE_MS);
}

/**
 * A fresh start with the clock at `at`, for a scenario that states its dates literally: the seeded
 * database is made again at that instant, so nothing in it is later than the clock.
 */
export async function freshStartAt(t: TestApp, at: string) {
  t.clock.set(at);
  await freshStart(t);
  t.clock.set(at);
}

/** One test app for the describe block, freshly seeded before each test. */
export function useAuthApp(target: TestDatabaseTarget): () => TestApp {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  beforeEach(() => freshStart(testApp()));
  return testApp;
}

/** Changes the security policy, as an administrator would. */
export async function setPolicy(t: TestApp, values: Partial<typeof securityPolicy.$inferInsert>) {
  await t.db.update(securityPolicy).set(values);
}

/** Puts the portal in downtime from a second ago for an hour, or (false) ends it. */
export async function setDowntime(t: TestApp, down: boolean) {
  const now = t.clock.now().getTime();
  await t.db.update(downtimeSettings).set({
    enableDowntime: down,
    effectiveStartDate: new Date(now - 1000),
    effectiveEndDate: new Date(now + 60 * MINUTE_MS),
  });
  t.app.services.settings.invalidate();
}

/** An activated participant of its own; returns the address. */
export async function activeParticipant(t: TestApp, language: Language = 'en'): Promise<string> {
  const registered = await registerParticipant(t, { language });
  expect((await confirm(t, registered)).statusCode).toBe(200);
  t.mail.delivered.length = 0;
  return registered.email;
}

export const login = (t: TestApp, email: string, password: string, options?: CallOptions) =>
  postSealed(t, '/login', { email, password }, options);

/** The attempt cookie a login set, as a browser sends it back. */
export function attemptCookie(reply: LightMyRequestResponse): Record<string, string> {
  const cookie = reply.cookies.find((c) => c.name === LOGIN_ATTEMPT_COOKIE);
  return cookie ? { [LOGIN_ATTEMPT_COOKIE]: cookie.value } : {};
}

/** `POST /login/otp` with a body and the cookies a browser would send. */
export const submitCode = (t: TestApp, body: unknown, cookies: Record<string, string>, language?: Language) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/login/otp`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    cookies: { ...cookies, ...(language ? { preferredLanguage: language } : {}) },
  });

/** The codes e-mailed to an address so far, oldest first. */
export async function codesSentTo(t: TestApp, email: string): Promise<string[]> {
  await t.app.services.mailer.idle();
  return t.mail.to(email).flatMap((mail) => (mail.code ? [mail.code] : []));
}

/** A patient part-way through signing in: the attempt's cookie and the code e-mailed for it. */
export async function startCodeLogin(t: TestApp, email: string, password = PATIENT_PASSWORD) {
  const reply = await login(t, email, password);
  expect(reply.json().data, reply.body).toMatchObject({ twoFactorEnabled: true });
  return { email, reply, cookies: attemptCookie(reply), code: (await codesSentTo(t, email)).at(-1)! };
}

/** A code of the same length that is not `code`. */
export const otherThan = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

/**
 * Signs in with the password and, for a patient under the default policy, the e-mailed code; for a staff member,
 * the current code of their authenticator app (the seeded administrator's, or the one every added member has).
 */
export async function signIn(t: TestApp, email: string, password = PATIENT_PASSWORD): Promise<Tokens> {
  const first = await login(t, email, password);
  expect(first.statusCode, first.body).toBe(200);
  const data = first.json().data;
  if (data.accessTokenResponse) return data.accessTokenResponse;
  expect(data.enrolmentRequired, 'a staff member without a second factor enrols one first (enrolApp)').toBeUndefined();
  if (data.secondFactors) {
    const secret = email === ADMIN.email ? TEST_ADMIN_APP_SECRET : STAFF_APP_SECRET;
    await forgetUsedAppCodes(t, email);
    const second = await submitCode(t, { otp: appCodeNow(t, secret), username: email }, attemptCookie(first));
    expect(second.statusCode, second.body).toBe(200);
    return second.json().data.accessTokenResponse;
  }
  const code = (await codesSentTo(t, email)).at(-1)!;
  const second = await submitCode(t, { otp: code, username: email }, attemptCookie(first));
  expect(second.statusCode, second.body).toBe(200);
  return second.json().data.accessTokenResponse;
}

export const signInAdmin = (t: TestApp) => signIn(t, ADMIN.email, ADMIN.password);

export const refresh = (t: TestApp, refreshToken: string) =>
  postRaw(t, '/refresh-token', { refresh_token: refreshToken });

/** `POST /logout` with a bearer token and/or a body, as given. */
export const logout = (t: TestApp, credential: { bearer?: string; body?: object } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/logout`,
    headers: credential.bearer ? { authorization: `Bearer ${credential.bearer}` } : {},
    ...(credential.body ? { payload: credential.body } : {}),
  });

/** `GET /keycloak/user` with `Authorization: Bearer <token>`, or no header when the token is undefined. */
export const me = (t: TestApp, accessToken?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/keycloak/user`,
    headers: accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` },
  });

/** Whether both tokens of a pair still work: the access token on `GET /keycloak/user`, the refresh token once. */
export async function tokenStatuses(t: TestApp, tokens: Tokens) {
  return {
    access: (await me(t, tokens.access_token)).statusCode,
    refresh: (await refresh(t, tokens.refresh_token)).statusCode,
  };
}

/** The audit rows written since an instant. */
export const auditSince = (t: TestApp, since: Date) => t.db.select().from(auditLog).where(gte(auditLog.at, since));
