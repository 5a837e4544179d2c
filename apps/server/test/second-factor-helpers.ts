import { eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Language } from '@portal/shared/constants';
import { staffFactors, users } from '../src/db/schema';
import { appSecretSeal } from '../src/security/second-factor/app-secret-seal';
import type { TestApp } from './helpers';
import { API } from './registration-helpers';

/** The authenticator-app secret every staff member a test adds has (base32 of 160 bits). */
export const STAFF_APP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** An app's RFC 6238 code (SHA-1, 6 digits, 30 s) at an instant, computed apart from the portal's own code. */
export const appCodeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** The app's code at the test clock's instant. */
export const appCodeNow = (t: TestApp, secret: string) => appCodeAt(secret, t.clock.now());

/**
 * Forgets which time step the apps of these accounts last accepted. Each code works once, and the test clock
 * stands still, so a test that signs the same person in twice would otherwise be refused the second time; the
 * second factor's own tests never call this.
 */
export async function forgetUsedAppCodes(t: TestApp, ...emails: string[]) {
  const owners = t.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  await t.db.update(staffFactors).set({ lastStep: null }).where(inArray(staffFactors.userId, owners));
}

/** Gives a staff member a confirmed authenticator app with `secret`, as an enrolment leaves it. */
export async function giveAppFactor(t: TestApp, userId: string, secret = STAFF_APP_SECRET) {
  const now = t.clock.now();
  await t.db.insert(staffFactors).values({
    userId,
    kind: 'app',
    name: '',
    appSecret: await appSecretSeal(t.db).seal(secret),
    createdAt: now,
    confirmedAt: now,
  });
}

/** The kinds of factor a member has, confirmed or not. */
export async function factorsOf(t: TestApp, userId: string) {
  return t.db.select().from(staffFactors).where(eq(staffFactors.userId, userId));
}

/** The origin a browser calls the test app from (PUBLIC_URL http://localhost:8080), as WebAuthn sees it. */
export const ORIGIN = 'http://localhost:8080';

/** A Chrome on Windows, as a browser names itself in `User-Agent`. */
export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A Firefox on a Mac. */
export const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';

export interface SignInCallOptions {
  /** The cookies a browser sends back (the login attempt's). */
  cookies?: Record<string, string>;
  language?: Language;
  userAgent?: string;
  /** The address the call comes from (app.inject's default is 127.0.0.1). */
  remoteAddress?: string;
}

/** A POST of the sign-in calls (`/login/...`), as a browser makes it: its cookies, language and user agent. */
export const signInCall = (t: TestApp, path: string, body: unknown = {}, options: SignInCallOptions = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: {
      'content-type': 'application/json',
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    payload: JSON.stringify(body),
    cookies: { ...options.cookies, ...(options.language ? { preferredLanguage: options.language } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

/**
 * Enrols an authenticator app in a login attempt that waits for enrolment (its cookie, from an accepted
 * invitation or a sign-in without a factor): the app's secret, the ten recovery codes and the session's tokens.
 */
export async function enrolApp(t: TestApp, cookies: Record<string, string>, options: SignInCallOptions = {}) {
  const started = await signInCall(t, '/login/enrolment/app', {}, { ...options, cookies });
  expect(started.statusCode, started.body).toBe(200);
  const { factorId, secret } = started.json().data as { factorId: string; secret: string };
  const confirmed = await signInCall(
    t,
    '/login/enrolment/app/confirm',
    { factorId, otp: appCodeNow(t, secret) },
    { ...options, cookies },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes, accessTokenResponse } = confirmed.json().data as {
    recoveryCodes: string[];
    accessTokenResponse: { access_token: string; refresh_token: string };
  };
  return { factorId, secret, recoveryCodes, tokens: accessTokenResponse };
}
