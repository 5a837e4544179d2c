import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { LOGIN_ATTEMPT_COOKIE } from '@portal/shared/auth/login';
import { seedDatabase } from '../src/db/seed';
import { resetDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp } from './helpers';
import { API, confirm, postRaw, postSealed, registerParticipant, type CallOptions } from './registration-helpers';

export const PATIENT_PASSWORD = 'Kidney#2026';
export const ADMIN = { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD };

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** A fresh start for each scenario: the seeded database and no e-mail delivered yet. */
export async function freshStart(t: TestApp) {
  await resetDatabase(t.db);
  await seedDatabase(t.db, {
    adminEmail: TEST_ADMIN_EMAIL,
    adminPassword: TEST_ADMIN_PASSWORD,
    demo: true,
    clock: t.clock,
  });
  t.app.services.settings.invalidate();
  t.mail.delivered.length = 0;
}

/** Changes the security policy row (e.g. `otp_enabled_for_patient = false`). */
export async function setPolicy(t: TestApp, assignment: ReturnType<typeof sql>) {
  await t.db.execute(sql`update security_policy set ${assignment}`);
}

/** Puts the portal in downtime from a second ago for an hour. */
export async function startDowntime(t: TestApp) {
  const now = t.clock.now().getTime();
  await t.db.execute(
    sql`update downtime_settings set enable_downtime = true,
      effective_start_date = ${new Date(now - 1000).toISOString()}::timestamptz,
      effective_end_date = ${new Date(now + 3_600_000).toISOString()}::timestamptz`,
  );
  t.app.services.settings.invalidate();
}

/** An activated participant of its own; returns the address. */
export async function activeParticipant(t: TestApp, language: 'en' | 'sp' = 'en'): Promise<string> {
  const registered = await registerParticipant(t, { language });
  expect((await confirm(t, registered)).statusCode).toBe(200);
  t.mail.delivered.length = 0;
  return registered.email;
}

export const login = (t: TestApp, email: string, password: string, options?: CallOptions) =>
  postSealed(t, '/login', { email, password }, options);

/** The attempt cookie a login set, as a browser would send it back. */
export function attemptCookie(reply: LightMyRequestResponse): Record<string, string> {
  const cookie = reply.cookies.find((c) => c.name === LOGIN_ATTEMPT_COOKIE);
  return cookie ? { [LOGIN_ATTEMPT_COOKIE]: cookie.value } : {};
}

export const submitCode = (t: TestApp, body: unknown, cookies: Record<string, string>, language?: 'en' | 'sp') =>
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
  return t.mail
    .to(email)
    .map((mail) => /^(\d{4,8})$/m.exec(mail.text)?.[1])
    .filter((code): code is string => code !== undefined);
}

/** Signs in with the password and, for a patient under the default policy, the e-mailed code. */
export async function signIn(t: TestApp, email: string, password = PATIENT_PASSWORD): Promise<Tokens> {
  const first = await login(t, email, password);
  expect(first.statusCode, first.body).toBe(200);
  const data = first.json().data;
  if (data.accessTokenResponse) return data.accessTokenResponse;
  const code = (await codesSentTo(t, email)).at(-1)!;
  const second = await submitCode(t, { otp: code, username: email }, attemptCookie(first));
  expect(second.statusCode, second.body).toBe(200);
  return second.json().data.accessTokenResponse;
}

export const refresh = (t: TestApp, refreshToken: string) =>
  postRaw(t, '/refresh-token', { refresh_token: refreshToken });

export const me = (t: TestApp, accessToken?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/keycloak/user`,
    headers: accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` },
  });
