import { and, asc, desc, eq, gt, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  consentForms,
  consentSignatures,
  consentWithdrawals,
  healthSystems,
  manualWithdrawalRequests,
  users,
} from '../../db/schema';
import { inScope, type ParticipantScope } from '../../security/participant-scope';

type Reader = Pick<Database, 'select'>;

/** A participant of the staff member's scope: the one condition every query of this module starts from. */
const participantWhere = (scope: ParticipantScope, ...conditions: (SQL | undefined)[]) =>
  and(eq(users.role, 'patient'), inScope(users.healthSystem, scope), ...conditions);

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  lockedUntil: users.lockedUntil,
  healthSystem: users.healthSystem,
  healthSystemName: healthSystems.name,
};
export type ParticipantSummaryRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  lockedUntil: Date | null;
  healthSystem: string | null;
  healthSystemName: string | null;
};

/** `%` and `_` typed by a person are letters, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each word the start of the first or the last name, in any letter case. */
function nameWhere(name: string): SQL | undefined {
  const words = name.split(/\s+/).filter(Boolean);
  return and(
    ...words.map((word) => or(ilike(users.firstName, `${literal(word)}%`), ilike(users.lastName, `${literal(word)}%`))),
  );
}

/**
 * The participants a search names, in scope, by last and first name; at most `limit`. An e-mail address is matched
 * whole in any letter case (the index on `lower(email)`), a user ID by key, a name by the start of its words.
 */
export function searchParticipants(
  db: Reader,
  search: { kind: 'id' | 'email' | 'name'; query: string },
  scope: ParticipantScope,
  limit: number,
): Promise<ParticipantSummaryRow[]> {
  const match =
    search.kind === 'id'
      ? eq(users.id, search.query.toLowerCase())
      : search.kind === 'email'
        ? sql`lower(${users.email}) = lower(${search.query})`
        : nameWhere(search.query);
  return db
    .select(summaryColumns)
    .from(users)
    .leftJoin(healthSystems, eq(healthSystems.databaseValue, users.healthSystem))
    .where(participantWhere(scope, match))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

/** One participant in scope, with what the view shows of their account; undefined when unknown or out of scope. */
export async function findParticipant(db: Reader, id: string, scope: ParticipantScope) {
  const [row] = await db
    .select({
      ...summaryColumns,
      language: users.language,
      createdAt: users.createdAt,
      activatedAt: users.activatedAt,
      reconsentRequestedAt: users.reconsentRequestedAt,
      withdrawnAt: consentWithdrawals.withdrawnAt,
    })
    .from(users)
    .leftJoin(healthSystems, eq(healthSystems.databaseValue, users.healthSystem))
    .leftJoin(consentWithdrawals, eq(consentWithdrawals.userId, users.id))
    .where(participantWhere(scope, eq(users.id, id)));
  return row;
}
export type ParticipantRow = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;

/** The consent versions a participant signed, newest first. */
export function findSignedConsents(db: Reader, userId: string) {
  return db
    .select({
      signatureId: consentSignatures.id,
      formVersion: consentForms.version,
      language: consentForms.language,
      healthSystemId: consentForms.healthSystemId,
      signedAt: consentSignatures.signedAt,
    })
    .from(consentSignatures)
    .innerJoin(consentForms, eq(consentForms.id, consentSignatures.formId))
    .where(eq(consentSignatures.userId, userId))
    .orderBy(desc(consentSignatures.signedAt));
}

/** The withdrawal request recorded for a participant and still waiting for its hold to end, if any. */
export async function findPendingWithdrawalRequest(db: Reader, userId: string) {
  const [row] = await db
    .select({ requestedAt: manualWithdrawalRequests.requestedAt, dueAt: manualWithdrawalRequests.dueAt })
    .from(manualWithdrawalRequests)
    .where(and(eq(manualWithdrawalRequests.userId, userId), eq(manualWithdrawalRequests.status, 'pending')))
    .limit(1);
  return row;
}

/**
 * Lifts the lock of a participant in scope that is locked at `now`, and forgets their failed sign-ins; answers
 * whether it did (a participant unknown, out of scope, withdrawn or not locked is left as they are).
 */
export async function unlockParticipant(db: Executor, id: string, scope: ParticipantScope, now: Date) {
  const rows = await db
    .update(users)
    .set({ lockedUntil: null, failedLoginCount: 0, updatedAt: now })
    .where(participantWhere(scope, eq(users.id, id), ne(users.status, 'withdrawn'), gt(users.lockedUntil, now)))
    .returning({ id: users.id });
  return rows.length > 0;
}
