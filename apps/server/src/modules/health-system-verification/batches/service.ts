import type { Page, SortOrder } from '@portal/shared/api/paging';
import {
  VERIFICATION_MESSAGES as M,
  VERIFICATION_UNDO_DAYS,
  type TVerificationBatch,
  type TVerificationBatchSource,
} from '@portal/shared/health-system-verification/verification-records';
import { calendarDate } from '@portal/shared/dates';
import { DAY_MS } from '@portal/shared/durations';
import { recordAudit } from '../../../db/audit';
import { refused, type DataOutcome, type RequestContext } from '../../../lib/outcome';
import { findBatch, findBatchChanges, listBatches, markUndone, planUndo, type BatchRow } from './repository';
import { batchResultCsv } from './result-csv';
import type { VerificationDeps } from '../records/service';
import type { ParticipantScope } from '../../../security/participant-scope';
import { finishBatch, insertBatch, writeChanges } from '../status-changes-repository';

const UNDO_MS = VERIFICATION_UNDO_DAYS * DAY_MS;
/** Only a bulk update or a push can be undone; a single edit is changed by another edit, an undo not at all. */
const UNDOABLE = new Set(['bulk', 'push']);

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The history of bulk updates, pushes and undos, each batch's result file, and the undo of a batch. */
export function createBatchesService({ db, clock, timeZone }: VerificationDeps) {
  /** Until when a batch can be undone, or null when it cannot (any more). */
  function undoableUntil(batch: { source: string; createdAt: Date; undoneAt: Date | null }, now: Date) {
    if (!UNDOABLE.has(batch.source) || batch.undoneAt) return null;
    const until = new Date(batch.createdAt.getTime() + UNDO_MS);
    return now < until ? until : null;
  }

  const toBatch = (row: BatchRow, now: Date): TVerificationBatch => {
    const createdAt = new Date(row.createdAt);
    const undoneAt = row.undoneAt === null ? null : new Date(row.undoneAt);
    return {
      id: row.id,
      source: row.source as TVerificationBatchSource,
      status: row.status,
      createdAt: createdAt.toISOString(),
      actor: row.actorEmail ?? `${row.keyLabel} (${row.keySystemName})`,
      requested: row.requested,
      applied: row.applied,
      skipped: row.skipped,
      undoneAt: isoOrNull(undoneAt),
      undoneBy: row.undoneBy,
      undoableUntil: isoOrNull(undoableUntil({ source: row.source, createdAt, undoneAt }, now)),
    };
  };

  return {
    async batches(
      scope: ParticipantScope,
      query: { page: number; size: number; sort: SortOrder<'createdAt'> },
    ): Promise<Page<TVerificationBatch>> {
      const now = clock.now();
      const { rows, total } = await listBatches(db, scope, { ...query, direction: query.sort.direction });
      return {
        content: rows.map((row) => toBatch(row, now)),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /**
     * A batch's result as CSV, and the study date it was made on (for the file's name); undefined when unknown or
     * out of the caller's scope.
     */
    async resultCsv(scope: ParticipantScope, batchId: string) {
      const batch = await findBatch(db, scope, batchId);
      if (!batch) return undefined;
      const csv = batchResultCsv(await findBatchChanges(db, batchId), batch.skipped);
      return { date: calendarDate(batch.createdAt, timeZone), csv };
    },

    /**
     * Undoes a bulk update or a push within its days, once: each record it set goes back to the status it had,
     * unless a later change touched it (or the participant withdrew), when it is kept. The undo is a batch of its
     * own, its changes audited as any other. The batch is locked first, so of two undos at once one runs. A batch
     * out of the caller's scope is not found.
     */
    async undo(
      staffId: string,
      scope: ParticipantScope,
      batchId: string,
      context: RequestContext,
    ): Promise<DataOutcome<{ batchId: string; restored: number; kept: number }>> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const batch = await findBatch(tx, scope, batchId, true);
        if (!batch) return refused(404, M.batchNotFound);
        if (!UNDOABLE.has(batch.source)) return refused(409, M.batchNotUndoable);
        if (batch.undoneAt) return refused(409, M.batchAlreadyUndone);
        if (!undoableUntil(batch, now)) return refused(409, M.batchUndoExpired);
        const plan = await planUndo(tx, batchId);
        const undoBatchId = await insertBatch(tx, {
          source: 'undo',
          status: null,
          actorId: staffId,
          requested: plan.requested,
          skipped: plan.kept,
          undoesBatchId: batchId,
          createdAt: now,
        });
        const written = await writeChanges(
          tx,
          undoBatchId,
          { userIds: plan.restore.map((r) => r.userId), statuses: plan.restore.map((r) => r.oldStatus) },
          now,
          staffId,
        );
        await finishBatch(tx, undoBatchId, written);
        const restored = written.applied;
        await markUndone(tx, batchId, { undoBatchId, by: staffId, at: now });
        const kept = plan.requested - restored;
        await recordAudit(tx, {
          at: now,
          action: 'verification.undo',
          actorId: staffId,
          details: { batchId, undoBatchId, restored, kept },
          ip: context.ip,
        });
        return { ok: true as const, data: { batchId: undoBatchId, restored, kept } };
      });
    },
  };
}
