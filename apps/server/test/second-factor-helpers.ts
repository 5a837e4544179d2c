import { eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { staffFactors, users } from '../src/db/schema';
import { appSecretSeal } from '../src/security/app-secret-seal';
import type { TestApp } from './helpers';

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
