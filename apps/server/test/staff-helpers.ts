import type { AdminCall } from './settings-helpers';
import { inArray } from 'drizzle-orm';
import type { StaffRole } from '@portal/shared/staff/roles';
import { healthSystems, staffHealthSystems, staffMembers, users } from '../src/db/schema';
import { hashPassword } from '../src/security/password-hash';
import { signIn } from './auth-helpers';
import { giveAppFactor } from './second-factor-helpers';
import type { TestApp } from './helpers';

export const STAFF_PASSWORD = 'Staff#Pass1';
/** One hash for every staff member a test adds: hashing is the slow part. */
let staffHash: Promise<string> | undefined;

export interface StaffMemberOptions {
  role: StaffRole;
  /** Defaults to `<role>@staff.example.org`. */
  email?: string;
  /** The database values of the health systems a scoped role is limited to. */
  healthSystems?: string[];
}

/**
 * An active staff member, added straight to the database as an accepted invitation and an enrolment leave them:
 * with an authenticator app whose secret is STAFF_APP_SECRET.
 */
export async function addStaffMember(t: TestApp, options: StaffMemberOptions) {
  const email = options.email ?? `${options.role.toLowerCase()}@staff.example.org`;
  const now = t.clock.now();
  const passwordHash = await (staffHash ??= hashPassword(STAFF_PASSWORD));
  const member = await t.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        role: 'admin',
        status: 'active',
        firstName: 'Staff',
        lastName: options.role,
        language: 'en',
        createdAt: now,
        updatedAt: now,
        activatedAt: now,
      })
      .returning({ id: users.id });
    await tx.insert(staffMembers).values({ userId: user!.id, role: options.role, createdAt: now, updatedAt: now });
    const values = options.healthSystems ?? [];
    if (values.length > 0) {
      const systems = await tx
        .select({ id: healthSystems.id })
        .from(healthSystems)
        .where(inArray(healthSystems.databaseValue, values));
      if (systems.length !== values.length) throw new Error(`unknown health systems in ${values.join(', ')}`);
      await tx.insert(staffHealthSystems).values(systems.map((s) => ({ userId: user!.id, healthSystemId: s.id })));
    }
    return { id: user!.id, email };
  });
  await giveAppFactor(t, member.id);
  return member;
}

/** Adds a staff member and signs them in: their id, address and access token. */
export async function signedInStaff(t: TestApp, options: StaffMemberOptions) {
  const member = await addStaffMember(t, options);
  const tokens = await signIn(t, member.email, STAFF_PASSWORD);
  return { ...member, token: tokens.access_token };
}

/** The base path of the Staff tab's calls. */
export const STAFF = '/staff';

/** The ids of the seeded health systems, by database value (`geisinger`, and `riverside` with the demo content). */
export async function healthSystemIdsByValue(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.db.select({ id: healthSystems.id, value: healthSystems.databaseValue }).from(healthSystems);
  return Object.fromEntries(rows.map((row) => [row.value, row.id]));
}

/** A complete invitation of the Staff tab's form, with overrides. */
export const staffInvitation = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rosa',
  lastName: 'Méndez',
  email: 'rosa.mendez@staff.example.org',
  role: 'analyst',
  healthSystemIds: [],
  language: 'en',
  ...overrides,
});

/** The invitation links e-mailed to an address so far, oldest first. */
export async function invitationLinks(t: TestApp, email: string): Promise<string[]> {
  await t.app.services.mailer.idle();
  return t.mail.to(email).flatMap((mail) => mail.links);
}

/** The token of an invitation link: it travels in the address's fragment (`#token=`). */
export const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';

/** The newest invitation token e-mailed to an address. */
export async function latestInvitationToken(t: TestApp, email: string): Promise<string> {
  const link = (await invitationLinks(t, email)).at(-1);
  if (!link) throw new Error(`no invitation e-mail for ${email}`);
  return tokenOf(link);
}

/** `POST /staff/search` as an administrator: the paging in the query, the search (if any) in the body. */
export const listStaff = (admin: AdminCall, query = '', search?: string) =>
  admin('POST', `${STAFF}/search${query}`, { payload: search === undefined ? {} : { search } });
