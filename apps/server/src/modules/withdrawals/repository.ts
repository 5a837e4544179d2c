import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDateRange } from '@portal/shared/api/date-range';
import type { SortOrder } from '@portal/shared/api/paging';
import type { TPendingRequestsQuery } from '@portal/shared/withdrawals/manual-withdraw';
import type { TWithdrawalUsersQuery } from '@portal/shared/withdrawals/withdrawal-users';
import type { Executor } from '../../db/client';
import { onePage } from '../../db/paging';
import { consentWithdrawals, manualWithdrawalRequests, users } from '../../db/schema';
import { withinStudyDays } from '../../db/study-days';
import { inScope, type ParticipantScope } from '../../security/participant-scope';

const requester = alias(users, 'requester');
const participant = alias(users, 'participant');
const order = <F extends string>(sort: SortOrder<F>) => (sort.direction === 'asc' ? asc : desc);

/**
 * One page of the withdrawn participants within the scope, with the e-mail of the staff member who queued a manual
 * one. Only a scoped count joins the participants.
 */
export async function listWithdrawalUsers(db: Executor, scope: ParticipantScope, query: TWithdrawalUsersQuery) {
  const by = order(query.sort);
  const sortColumn = query.sort.field === 'email' ? sql`lower(${users.email})` : consentWithdrawals.withdrawnAt;
  const ofScope = inScope(users.healthSystem, scope);
  // A withdrawal's participant is always withdrawn: said outright, the scope reads users_withdrawn_health_system_idx.
  const where = ofScope && and(eq(users.status, 'withdrawn'), ofScope);
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
        .where(where)
        .orderBy(by(sortColumn), by(consentWithdrawals.id))
        .$dynamic(),
      query,
    ),
    where
      ? db
          .select({ total: count() })
          .from(consentWithdrawals)
          .innerJoin(users, eq(users.id, consentWithdrawals.userId))
          .where(where)
      : db.select({ total: count() }).from(consentWithdrawals),
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

/**
 * The participant in the study (registered or active, not withdrawn) with this address, in any letter case, within
 * the scope: one of another health system is not found.
 */
export async function findStudyParticipant(db: Executor, scope: ParticipantScope, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(users.role, 'patient'),
        inArray(users.status, ['pending', 'active']),
        inScope(users.healthSystem, scope),
      ),
    )
    .limit(1);
  return row;
}

const ofAddress = (email: string) => sql`lower(${manualWithdrawalRequests.email}) = lower(${email})`;
const isPending = eq(manualWithdrawalRequests.status, 'pending');

/** Requests of participants within the scope: none for every participant, else a lookup of each one's row. */
function requestInScope(scope: ParticipantScope): SQL | undefined {
  const where = inScope(participant.healthSystem, scope);
  return (
    where &&
    sql`exists (select 1 from users participant where participant.id = ${manualWithdrawalRequests.userId} and ${where})`
  );
}

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

/** The newest request of an address within the scope that is no longer pending (to say what became of it). */
export async function findLatestClosedRequest(db: Executor, scope: ParticipantScope, email: string) {
  const [row] = await db
    .select({ status: manualWithdrawalRequests.status })
    .from(manualWithdrawalRequests)
    .where(and(ofAddress(email), requestInScope(scope)))
    .orderBy(desc(manualWithdrawalRequests.requestedAt))
    .limit(1);
  return row;
}

/**
 * Marks the pending request of an address within the scope deleted. It waits for a carry-out holding the row, and
 * then finds it no longer pending, so a request is either deleted or carried out, never both.
 */
export async function deletePendingRequest(
  db: Executor,
  scope: ParticipantScope,
  request: { email: string; deletedBy: string; now: Date },
) {
  const { email, deletedBy, now } = request;
  const [row] = await db
    .update(manualWithdrawalRequests)
    .set({ status: 'deleted', closedAt: now, deletedBy })
    .where(and(ofAddress(email), isPending, requestInScope(scope)))
    .returning({ id: manualWithdrawalRequests.id, userId: manualWithdrawalRequests.userId });
  return row;
}

const PENDING_SORT = {
  dueAt: manualWithdrawalRequests.dueAt,
  requestedAt: manualWithdrawalRequests.requestedAt,
  email: sql`lower(${manualWithdrawalRequests.email})`,
} as const;

/** One page of the pending requests within the scope, with the e-mail of the staff member who recorded each. */
export async function listPendingRequests(db: Executor, scope: ParticipantScope, query: TPendingRequestsQuery) {
  const by = order(query.sort);
  const where = and(isPending, inScope(participant.healthSystem, scope));
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
        .innerJoin(participant, eq(participant.id, manualWithdrawalRequests.userId))
        .where(where)
        .orderBy(by(PENDING_SORT[query.sort.field]), by(manualWithdrawalRequests.id))
        .$dynamic(),
      query,
    ),
    db
      .select({ total: count() })
      .from(manualWithdrawalRequests)
      .innerJoin(participant, eq(participant.id, manualWithdrawalRequests.userId))
      .where(where),
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
