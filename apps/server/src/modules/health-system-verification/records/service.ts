import type { Page } from '@portal/shared/api/paging';
import {
  USER_ID_PATTERN,
  VERIFICATION_MESSAGES as M,
  type TIdIssue,
  type TVerificationFilter,
  type TVerificationRecord,
  type TVerificationRecordsQuery,
  type TVerificationUpdate,
  type TVerificationUpdateResult,
} from '@portal/shared/health-system-verification/verification-records';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { refused, type DataOutcome, type RequestContext } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import type { ParticipantScope } from '../../../security/participant-scope';
import { createBatchesService } from '../batches/service';
import { countRecords, findRecordsPage, listHealthSystems } from './repository';
import {
  applyStatusChanges,
  byUserId,
  findIdIssues,
  lockAndFindIdIssues,
  RecordsChangedMeanwhile,
} from '../status-changes-repository';

export interface VerificationDeps {
  db: Database;
  clock: Clock;
  /** The study's time zone: a batch's result file is named by its date there. */
  timeZone: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Pages a list held in memory. */
const pageOfList = <T>(list: T[], page: number, size: number): Page<T> => ({
  content: list.slice(page * size, (page + 1) * size),
  totalElements: list.length,
  page,
  size,
});

/**
 * The Health System Verification tab: the records staff search, their status updates (one record or many, all
 * or nothing unless the IDs that cannot change are left out knowingly), and the batches' history, each within
 * the caller's scope: a record of another health system is not found, exactly like an ID no one has.
 */
export function createVerificationService(deps: VerificationDeps) {
  const { db, clock } = deps;

  return {
    ...createBatchesService(deps),

    async search(
      scope: ParticipantScope,
      filter: TVerificationFilter,
      query: TVerificationRecordsQuery,
    ): Promise<Page<TVerificationRecord>> {
      const [rows, total] = await Promise.all([
        findRecordsPage(db, scope, filter, query),
        countRecords(db, scope, filter),
      ]);
      return {
        content: rows.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /** The onboarded health systems within the scope: a scoped caller's own, or every one. */
    healthSystems: (scope: ParticipantScope) => listHealthSystems(db, scope),

    /**
     * The IDs of a list that cannot be updated, each once, by ID: not a UUID (compared as typed, trimmed), no
     * record, or a withdrawn participant (compared in lower case).
     */
    async idIssues(
      scope: ParticipantScope,
      userIds: string[],
      page: { page: number; size: number },
    ): Promise<Page<TIdIssue>> {
      const invalid = new Set<string>();
      const valid = new Set<string>();
      for (const raw of userIds) {
        const id = raw.trim();
        if (USER_ID_PATTERN.test(id)) valid.add(id.toLowerCase());
        else invalid.add(id);
      }
      const issues: TIdIssue[] = [
        ...[...invalid].map((userId) => ({ userId, reason: 'invalid' as const })),
        ...(await findIdIssues(db, scope, [...valid])),
      ].sort(byUserId);
      return pageOfList(issues, page.page, page.size);
    },

    /**
     * Sets one status on the records of the IDs (lower case, each once), in one transaction. An ID without a
     * record or of a withdrawn participant refuses the whole update, unless `skipIdIssues` leaves it out (listed
     * in the batch); with nothing left to set it is refused too.
     */
    async update(
      staffId: string,
      scope: ParticipantScope,
      body: TVerificationUpdate,
      context: RequestContext,
    ): Promise<DataOutcome<TVerificationUpdateResult>> {
      const now = clock.now();
      const userIds = [...new Set(body.userIds)];
      const invalid = [...new Set(body.invalidIds)];
      const refuseFor = (issues: readonly unknown[]) => ({
        ...refused(409, M.idIssues),
        values: { count: issues.length },
      });
      try {
        return await db.transaction(async (tx): Promise<DataOutcome<TVerificationUpdateResult>> => {
          const found = await lockAndFindIdIssues(tx, scope, userIds);
          const issues = [...invalid.map((userId) => ({ userId, reason: 'invalid' as const })), ...found];
          if (issues.length > 0 && (!body.skipIdIssues || found.length === userIds.length)) return refuseFor(issues);
          const left = new Set(issues.map((issue) => issue.userId));
          const apply = userIds.filter((id) => !left.has(id));
          const { batchId, applied } = await applyStatusChanges(
            tx,
            { source: body.source, actorId: staffId, requested: userIds.length + invalid.length, skipped: issues },
            { userIds: apply, statuses: apply.map(() => body.status) },
            now,
          );
          await recordAudit(tx, {
            at: now,
            action: `verification.${body.source}`,
            actorId: staffId,
            subjectId: apply.length === 1 ? apply[0] : undefined,
            details: { batchId, status: body.status, applied, skipped: issues.length },
            ip: context.ip,
          });
          return { ok: true, data: { batchId, applied, skipped: issues.length } };
        });
      } catch (error) {
        // A participant withdrew while the update ran: nothing was saved, and the refusal counts them too.
        if (error instanceof RecordsChangedMeanwhile)
          return refuseFor([...invalid, ...(await findIdIssues(db, scope, userIds))]);
        throw error;
      }
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
