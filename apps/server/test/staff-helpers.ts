import { inArray } from 'drizzle-orm';
import type { StaffRole } from '@portal/shared/staff/roles';
import { healthSystems, staffHealthSystems, staffMembers, users } from '../src/db/schema';
import { hashPassword } from '../src/security/password-hash';
import { signIn } from './auth-helpers';
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

/** An active staff member, added straight to the database as an accepted invitation leaves them. */
export async function addStaffMember(t: TestApp, options: StaffMemberOptions) {
  const email = options.email ?? `${options.role.toLowerCase()}@staff.example.org`;
  const now = t.clock.now();
  const passwordHash = await (staffHash ??= hashPassword(STAFF_PASSWORD));
  return t.db.transaction(async (tx) => {
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
}

/** Adds a staff member and signs them in: their id, address and access token. */
export async function signedInStaff(t: TestApp, options: StaffMemberOptions) {
  const member = await addStaffMember(t, options);
  const tokens = await signIn(t, member.email, STAFF_PASSWORD);
  return { ...member, token: tokens.access_token };
}
