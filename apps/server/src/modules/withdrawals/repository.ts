import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDateRange } from '@portal/shared/api/date-range';
import type { SortOrder } from '@portal/shared/api/paging';
import type { TPendingRequestsQuery } from '@portal/shared/withdrawals/manual-withdraw';
import type { TWithdrawalUsersQuery } from '@portal/shared/withdrawals/withdrawal-users';
import type { Executor } from '../../db/client';
import { onePage } from '../../db/paging';
import { consentWithdrawals, manualWithdrawalRequests, users } from '../../db/schema';
import { withinStudyDays } from '../../db/study-days';

const requester = alias(users, 'requester');
const order = <F extends string>(sort: SortOrder<F>) => (sort.direction === 'asc' ? asc : desc);

/** One page of withdrawn participants, with the e-mail of the administrator who queued a manual one. */
export async function listWithdrawalUsers(db: Executor, query: TWithdrawalUsersQuery) {
  const by = order(query.sort);
  const sortColumn = query.sort.field === 'email' ? sql`lower(${users.email})` : consentWithdrawals.withdrawnAt;
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          id: consentWithdrawals.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          withdrawnAt: consentWithdrawals.withdrawnAt,
          reason: consentWithdrawals.reason,
          source: consentWithdrawals.source,
          requestedBy: requester.email,
        })
        .from(consentWithdrawals)
        .innerJoin(users, eq(users.id, consentWithdrawals.userId))
        .leftJoin(requester, eq(requester.id, consentWithdrawals.requestedBy))
        .orderBy(by(sortColumn), by(consentWithdrawals.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(consentWithdrawals),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** When and by whom each withdrawal on the range's days (of `timeZone`) was carried out. */
export function findWithdrawalsWithin(db: Executor, range: TDateRange, timeZone: string) {
  return db
    .select({ withdrawnAt: consentWithdrawals.withdrawnAt, source: consentWithdrawals.source })
    .from(consentWithdrawals)
    .where(withinStudyDays(consentWithdrawals.withdrawnAt, range, timeZone));
}

/** Withdrawals of all time, per who carried them out. */
export function countWithdrawalsBySource(db: Executor) {
  return db
    .select({ source: consentWithdrawals.source, total: count() })
    .from(consentWithdrawals)
    .groupBy(consentWithdrawals.source);
}

/** The participant in the study (registered or active, not withdrawn) with this address, in any letter case. */
export async function findStudyParticipant(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(users.role, 'patient'),
        inArray(users.status, ['pending', 'active']),
      ),
    )
    .limit(1);
  return row;
}

const ofAddress = (email: string) => sql`lower(${manualWithdrawalRequests.email}) = lower(${email})`;
const isPending = eq(manualWithdrawalRequests.status, 'pending');

export async function findPendingRequest(db: Executor, email: string) {
  const [row] = await db
    .select({ id: manualWithdrawalRequests.id })
    .from(manualWithdrawalRequests)
    .where(and(ofAddress(email), isPending))
    .limit(1);
  return row;
}

export async function insertRequest(db: Executor, request: typeof manualWithdrawalRequests.$inferInsert) {
  const [row] = await db
    .insert(manualWithdrawalRequests)
    .values(request)
    .returning({ id: manualWithdrawalRequests.id });
  return row!;
}

/** The newest request of an address that is no longer pending (to say what became of it). */
export async function findLatestClosedRequest(db: Executor, email: string) {
  const [row] = await db
    .select({ status: manualWithdrawalRequests.status })
    .from(manualWithdrawalRequests)
    .where(ofAddress(email))
    .orderBy(desc(manualWithdrawalRequests.requestedAt))
    .limit(1);
  return row;
}

/**
 * Marks the pending request of an address deleted. It waits for a carry-out holding the row, and then finds it no
 * longer pending, so a request is either deleted or carried out, never both.
 */
export async function deletePendingRequest(db: Executor, email: string, deletedBy: string, now: Date) {
  const [row] = await db
    .update(manualWithdrawalRequests)
    .set({ status: 'deleted', closedAt: now, deletedBy })
    .where(and(ofAddress(email), isPending))
    .returning({ id: manualWithdrawalRequests.id, userId: manualWithdrawalRequests.userId });
  return row;
}

const PENDING_SORT = {
  dueAt: manualWithdrawalRequests.dueAt,
  requestedAt: manualWithdrawalRequests.requestedAt,
  email: sql`lower(${manualWithdrawalRequests.email})`,
} as const;

/** One page of pending requests with the e-mail of the administrator who recorded each. */
export async function listPendingRequests(db: Executor, query: TPendingRequestsQuery) {
  const by = order(query.sort);
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          id: manualWithdrawalRequests.id,
          email: manualWithdrawalRequests.email,
          reason: manualWithdrawalRequests.reason,
          requestedAt: manualWithdrawalRequests.requestedAt,
          dueAt: manualWithdrawalRequests.dueAt,
          requestedBy: users.email,
        })
        .from(manualWithdrawalRequests)
        .innerJoin(users, eq(users.id, manualWithdrawalRequests.requestedBy))
        .where(isPending)
        .orderBy(by(PENDING_SORT[query.sort.field]), by(manualWithdrawalRequests.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(manualWithdrawalRequests).where(isPending),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * Locks one pending request that has fallen due, skipping any another process holds; the row read is the locked
 * version, so its status is the one that counts.
 */
export async function claimDueRequest(tx: Executor, now: Date) {
  const [row] = await tx
    .select({
      id: manualWithdrawalRequests.id,
      userId: manualWithdrawalRequests.userId,
      reason: manualWithdrawalRequests.reason,
      requestedBy: manualWithdrawalRequests.requestedBy,
      status: manualWithdrawalRequests.status,
    })
    .from(manualWithdrawalRequests)
    .where(and(isPending, lte(manualWithdrawalRequests.dueAt, now)))
    .orderBy(asc(manualWithdrawalRequests.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function closeRequest(tx: Executor, id: string, status: 'carriedOut' | 'skipped', now: Date) {
  await tx
    .update(manualWithdrawalRequests)
    .set({ status, closedAt: now })
    .where(and(eq(manualWithdrawalRequests.id, id), isPending));
}
