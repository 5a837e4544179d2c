import type { Page } from '@portal/shared/api/paging';
import type { TDateRange, TOptionalDateRange } from '@portal/shared/api/date-range';
import { calendarDate, type IsoDate } from '@portal/shared/dates';
import {
  MANUAL_WITHDRAW_MESSAGES as M,
  type TManualWithdrawRequest,
  type TPendingRequests,
  type TPendingRequestsQuery,
} from '@portal/shared/withdrawals/manual-withdraw';
import {
  WITHDRAWAL_SUMMARY_MONTHS,
  type TWithdrawalSource,
  type TWithdrawalSummary,
  type TWithdrawalUser,
  type TWithdrawalUsersQuery,
} from '@portal/shared/withdrawals/withdrawal-users';
import type { Database, Transaction } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { isUniqueViolation } from '../../db/unique-violation';
import { refused, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import type { ParticipantScope } from '../../security/participant-scope';
import {
  claimDueRequest,
  closeRequest,
  countWithdrawalsBySource,
  deletePendingRequest,
  findLatestClosedRequest,
  findPendingRequest,
  findStudyParticipant,
  findWithdrawalsWithin,
  insertRequest,
  listPendingRequests,
  listWithdrawalUsers,
} from './repository';

export interface WithdrawalsAdminDeps {
  db: Database;
  clock: Clock;
  mailer: Pick<Mailer, 'deliverNow'>;
  /**
   * The participant's own withdrawal (consent's), carried out inside the request's transaction: the confirmation
   * e-mail queued, or nothing done when the participant is no longer in the study.
   */
  withdrawWithin(
    tx: Transaction,
    order: { userId: string; reason: string; source: 'manual'; requestedBy: string },
    now: Date,
  ): Promise<{ done: true; mailId: string } | { done: false }>;
  /** How long a manual request stays pending, and can be deleted, before it is carried out. */
  holdSeconds: number;
  /** The study's time zone: a withdrawal counts in the month of its date there. */
  timeZone: string;
  /** Asks the scheduler to carry out due requests at `at` (the end of a new request's hold). */
  carryOutAt(at: Date): void;
}

/** The months (`YYYY-MM`) from the one of `from` to the one of `to`, both included. */
function monthsBetween(from: IsoDate, to: IsoDate): string[] {
  const index = (date: IsoDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  return Array.from({ length: index(to) - index(from) + 1 }, (_, i) => {
    const month = index(from) + i;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
}

/** The last 12 months of the study's calendar, this month last: from the first of the earliest to today. */
function lastTwelveMonths(now: Date, timeZone: string): TDateRange {
  const to = calendarDate(now, timeZone);
  const [year, month] = to.split('-').map(Number) as [number, number];
  const first = year * 12 + (month - 1) - (WITHDRAWAL_SUMMARY_MONTHS - 1);
  return { from: `${Math.floor(first / 12)}-${String((first % 12) + 1).padStart(2, '0')}-01`, to };
}

const fieldRefusal = (status: number, message: string) => refused(status, message, [{ errorField: 'email', message }]);

/**
 * The Withdrawals tab: who left the study and why, and the manual withdrawal requests of participants who asked
 * by phone or letter. A request waits for the hold, when it can still be deleted; then `carryOutDue` carries it
 * out exactly as the participant's own withdrawal. Staff calls are within the caller's scope: a participant of
 * another health system is answered exactly like an unknown one.
 */
export function createWithdrawalsAdminService(deps: WithdrawalsAdminDeps) {
  const { db, clock, mailer, withdrawWithin, holdSeconds, timeZone } = deps;

  /** Claims one due request and carries it out (or skips it) in its own transaction; false when none was claimed. */
  async function carryOutOne(): Promise<boolean> {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const request = await claimDueRequest(tx, now);
      if (!request || request.status !== 'pending') return undefined;
      const result = await withdrawWithin(
        tx,
        { userId: request.userId, reason: request.reason, source: 'manual', requestedBy: request.requestedBy },
        now,
      );
      const status = result.done ? 'carriedOut' : 'skipped';
      await closeRequest(tx, request.id, status, now);
      await recordAudit(tx, {
        at: now,
        action: `withdrawal.request.${status}`,
        subjectId: request.userId,
        details: { requestId: request.id, requestedBy: request.requestedBy },
      });
      return result;
    });
    if (outcome?.done) mailer.deliverNow([outcome.mailId]);
    return outcome !== undefined;
  }

  return {
    async listWithdrawalUsers(scope: ParticipantScope, query: TWithdrawalUsersQuery): Promise<Page<TWithdrawalUser>> {
      const { rows, total } = await listWithdrawalUsers(db, scope, query);
      return {
        content: rows.map((row) => ({
          id: row.id,
          email: row.email,
          name: `${row.firstName} ${row.lastName}`,
          withdrawalDate: row.withdrawnAt.toISOString(),
          reason: row.reason,
          source: row.source as TWithdrawalSource,
          requestedBy: row.requestedBy,
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /**
     * Withdrawals per month over a range of the study's calendar (the last 12 months unless given), and of all
     * time, split by who carried them out.
     */
    async summary(range: TOptionalDateRange): Promise<TWithdrawalSummary> {
      const { from, to } =
        range.from && range.to ? { from: range.from, to: range.to } : lastTwelveMonths(clock.now(), timeZone);
      const months = new Map(monthsBetween(from, to).map((month) => [month, { month, participant: 0, manual: 0 }]));
      for (const row of await findWithdrawalsWithin(db, { from, to }, timeZone)) {
        const day = calendarDate(row.withdrawnAt, timeZone);
        months.get(day.slice(0, 7))![row.source as TWithdrawalSource] += 1;
      }
      const total = { participant: 0, manual: 0 };
      for (const row of await countWithdrawalsBySource(db)) total[row.source as TWithdrawalSource] = row.total;
      return { from, to, months: [...months.values()], total };
    },

    async listPending(scope: ParticipantScope, query: TPendingRequestsQuery): Promise<TPendingRequests> {
      const { rows, total } = await listPendingRequests(db, scope, query);
      return {
        content: rows.map((row) => ({
          ...row,
          requestedAt: row.requestedAt.toISOString(),
          dueAt: row.dueAt.toISOString(),
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
        holdSeconds,
      };
    },

    /**
     * Records a request for a participant in the study, due when the hold ends (`holdSeconds` from now), and asks
     * the scheduler to carry it out then; one pending request per address.
     */
    async request(
      staffId: string,
      scope: ParticipantScope,
      body: TManualWithdrawRequest,
      context: RequestContext,
    ): Promise<Outcome> {
      const now = clock.now();
      const dueAt = new Date(now.getTime() + holdSeconds * 1000);
      try {
        const refusal = await db.transaction(async (tx) => {
          const participant = await findStudyParticipant(tx, scope, body.email);
          if (!participant) return fieldRefusal(400, M.noParticipant);
          if (await findPendingRequest(tx, body.email)) return fieldRefusal(409, M.alreadyPending);
          const { id } = await insertRequest(tx, {
            email: participant.email,
            userId: participant.id,
            reason: body.reason,
            requestedBy: staffId,
            requestedAt: now,
            dueAt,
          });
          await recordAudit(tx, {
            at: now,
            action: 'withdrawal.request.recorded',
            actorId: staffId,
            subjectId: participant.id,
            details: { requestId: id, dueAt: dueAt.toISOString() },
            ip: context.ip,
          });
          return undefined;
        });
        if (refusal) return refusal;
      } catch (error) {
        // Another administrator recorded one for the same address at the same moment.
        if (isUniqueViolation(error)) return fieldRefusal(409, M.alreadyPending);
        throw error;
      }
      deps.carryOutAt(dueAt);
      return { ok: true, message: M.recorded };
    },

    /** Deletes the pending request of an address within the scope; one already carried out or deleted says so. */
    async deleteRequest(
      staffId: string,
      scope: ParticipantScope,
      email: string,
      context: RequestContext,
    ): Promise<Outcome> {
      const now = clock.now();
      const deleted = await db.transaction(async (tx) => {
        const row = await deletePendingRequest(tx, scope, { email, deletedBy: staffId, now });
        if (row) {
          await recordAudit(tx, {
            at: now,
            action: 'withdrawal.request.deleted',
            actorId: staffId,
            subjectId: row.userId,
            details: { requestId: row.id },
            ip: context.ip,
          });
        }
        return row;
      });
      if (deleted) return { ok: true, message: M.deleted };
      const latest = await findLatestClosedRequest(db, scope, email);
      if (!latest) return refused(404, M.notPending);
      return refused(409, latest.status === 'deleted' ? M.alreadyDeleted : M.carriedOut);
    },

    /** Carries out every request whose hold has ended, one transaction each; answers how many were closed. */
    async carryOutDue(signal?: AbortSignal): Promise<number> {
      let closed = 0;
      while (!signal?.aborted && (await carryOutOne())) closed += 1;
      return closed;
    },
  };
}
export type WithdrawalsAdminService = ReturnType<typeof createWithdrawalsAdminService>;
