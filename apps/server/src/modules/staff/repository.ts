import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared/api/paging';
import { STAFF_ROLES, STUDY_ADMIN, type StaffRole } from '@portal/shared/staff/roles';
import type { TStaffQuery } from '@portal/shared/staff/staff';
import { isLiveAccountOf } from '../../db/accounts';
import type { Executor } from '../../db/client';
import { onePage } from '../../db/paging';
import {
  authSessions,
  healthSystems,
  staffHealthSystems,
  staffInvitations,
  staffMembers,
  users,
} from '../../db/schema';

/** A staff member's health systems: id and name for the table, the stable database value for the audit trail. */
export interface StaffHealthSystem {
  id: string;
  name: string;
  databaseValue: string;
}

const healthSystemsOfMember = sql<StaffHealthSystem[]>`coalesce((
  select json_agg(json_build_object('id', ${healthSystems.id}, 'name', ${healthSystems.name},
    'databaseValue', ${healthSystems.databaseValue}) order by lower(${healthSystems.name}))
  from ${staffHealthSystems} join ${healthSystems} on ${healthSystems.id} = ${staffHealthSystems.healthSystemId}
  where ${staffHealthSystems.userId} = ${users.id}), '[]'::json)`;

/** The start of their newest session: when they last signed in. */
const lastSignInAt = sql<Date | null>`(select max(${authSessions.createdAt}) from ${authSessions}
  where ${authSessions.userId} = ${users.id})`.mapWith(authSessions.createdAt);

/** When their unused, unrevoked invitation link expires (or expired). */
const invitationExpiresAt = sql<Date | null>`(select max(${staffInvitations.expiresAt}) from ${staffInvitations}
  where ${staffInvitations.userId} = ${users.id} and ${staffInvitations.usedAt} is null
  and ${staffInvitations.revokedAt} is null)`.mapWith(staffInvitations.expiresAt);

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  language: users.language,
  /** 'pending' while invited, 'active', or 'deactivated'. */
  accountStatus: users.status,
  activatedAt: users.activatedAt,
  role: sql<StaffRole>`${staffMembers.role}`,
  healthSystems: healthSystemsOfMember,
  lastSignInAt,
  invitationExpiresAt,
};
export type StaffMemberRow = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>;

/** A staff member as the table shows them; `lock` holds their account row until the transaction ends. */
export async function findStaffMember(db: Executor, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select(memberColumns)
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, userId))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: users }) : await query;
  return row;
}

const rank = (values: readonly string[], value: SQL) =>
  sql`array_position(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[], ${value}::text)`;

/** The sort columns of the table: roles in the order of `STAFF_ROLES`; invited, active, then deactivated. */
const SORTS: Record<TStaffQuery['sort']['field'], SQL[]> = {
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  email: [sql`lower(${users.email})`],
  role: [rank(STAFF_ROLES, sql`${staffMembers.role}`)],
  status: [rank(['pending', 'active', 'deactivated'], sql`${users.status}`)],
  lastSignInAt: [lastSignInAt],
};

function orderOf(sort: SortOrder<TStaffQuery['sort']['field']>): SQL[] {
  const direction = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  // Never signed in sorts last either way.
  return [...SORTS[sort.field].map((column) => sql`${column} ${direction} nulls last`), asc(users.id)];
}

/** Whose name (first, last, or both) or e-mail contains the search, in any letter case. */
const matching = (search: string | undefined) =>
  search
    ? sql`(strpos(lower(${users.firstName} || ' ' || ${users.lastName}), lower(${search})) > 0
        or strpos(lower(${users.email}), lower(${search})) > 0)`
    : undefined;

/** One page of staff members, searched and sorted, with how many match. */
export async function listStaffMembers(db: Executor, query: TStaffQuery) {
  const where = matching(query.search);
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select(memberColumns)
        .from(staffMembers)
        .innerJoin(users, eq(users.id, staffMembers.userId))
        .where(where)
        .orderBy(...orderOf(query.sort))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(staffMembers).innerJoin(users, eq(users.id, staffMembers.userId)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * Locks the accounts and staff rows of the active study administrators, in one order, and answers their ids. Every
 * change of staff takes this lock first, so changes are made one at a time and the count they check stays true:
 * a second change waits, then reads the administrators as the first one left them.
 */
export async function lockActiveStudyAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.role, STUDY_ADMIN), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The health systems of these ids that exist. */
export function findHealthSystems(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: healthSystems.id, databaseValue: healthSystems.databaseValue })
    .from(healthSystems)
    .where(inArray(healthSystems.id, [...ids]));
}

/** Whether an account that is not withdrawn (a participant or a staff member) has this address, in any case. */
export async function addressTaken(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(isLiveAccountOf(email.toLowerCase())).limit(1);
  return row !== undefined;
}

export interface NewStaffAccount {
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'sp';
  passwordHash: string;
  role: StaffRole;
  healthSystemIds: readonly string[];
  invitedBy: string;
}

/** An invited staff member's account (pending until they accept), staff row and health systems. */
export async function insertStaffAccount(tx: Executor, account: NewStaffAccount, now: Date) {
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      passwordHash: account.passwordHash,
      role: 'admin',
      status: 'pending',
      firstName: account.firstName,
      lastName: account.lastName,
      language: account.language,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  await tx
    .insert(staffMembers)
    .values({ userId, role: account.role, invitedBy: account.invitedBy, createdAt: now, updatedAt: now });
  await setHealthSystems(tx, userId, account.healthSystemIds);
  return userId;
}

/** Replaces the health systems a staff member is limited to. */
export async function setHealthSystems(tx: Executor, userId: string, healthSystemIds: readonly string[]) {
  await tx.delete(staffHealthSystems).where(eq(staffHealthSystems.userId, userId));
  if (healthSystemIds.length > 0)
    await tx.insert(staffHealthSystems).values(healthSystemIds.map((healthSystemId) => ({ userId, healthSystemId })));
}

export async function setRole(tx: Executor, userId: string, role: StaffRole, now: Date) {
  await tx.update(staffMembers).set({ role, updatedAt: now }).where(eq(staffMembers.userId, userId));
}

/** Moves an account from one status to another; false when it was no longer in `from`. */
export async function changeStatus(
  tx: Executor,
  userId: string,
  change: { from: string; to: string },
  now: Date,
  values: Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'activatedAt'>> = {},
) {
  const updated = await tx
    .update(users)
    .set({ ...values, status: change.to, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, change.from), eq(users.role, 'admin')))
    .returning({ id: users.id });
  return updated.length === 1;
}
