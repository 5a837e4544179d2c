import type { Page } from '@portal/shared/api/paging';
import type {
  TPushParticipant,
  TPushParticipantsQuery,
  TPushRequest,
} from '@portal/shared/health-system-verification/push-api';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import type { RequestContext } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import type { ParticipantScope } from '../../../security/participant-scope';
import type { ApiKeyHolder } from '../api-keys/service';
import { listPushParticipants } from './repository';
import {
  applyStatusChanges,
  byUserId,
  findIdIssues,
  lockAndFindIdIssues,
  RecordsChangedMeanwhile,
} from '../status-changes-repository';

/** Why an ID of a push cannot be set: as for administrators' updates, or given both statuses in the one push. */
export interface PushIssue {
  userId: string;
  reason: 'notFound' | 'withdrawn' | 'conflicting';
}

/** What a push did: its batch and how many records it set, or every ID that refused it. */
export type PushOutcome = { ok: true; batchId: string; applied: number } | { ok: false; issues: PushIssue[] };

/**
 * The one status each ID is given (IDs read in lower case; the same status twice is one), and the IDs given both
 * statuses.
 */
function statusesById(updates: TPushRequest['updates']) {
  const statuses = new Map<string, boolean>();
  const conflicting = new Set<string>();
  for (const { userId, status } of updates) {
    const id = userId.toLowerCase();
    const earlier = statuses.get(id);
    if (earlier !== undefined && earlier !== status) conflicting.add(id);
    statuses.set(id, status);
  }
  for (const id of conflicting) statuses.delete(id);
  return { statuses, conflicting };
}

/**
 * The health systems' push API, always within the key's own health system: its participants (those who
 * withdrew left out), and their statuses set all together or not at all. Another health system's participant
 * is not found, exactly like an ID no one has.
 */
export function createPushService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async participants(holder: ApiKeyHolder, query: TPushParticipantsQuery): Promise<Page<TPushParticipant>> {
      const { rows, total } = await listPushParticipants(db, holder.healthSystem, query);
      return {
        content: rows.map((row) => ({
          ...row,
          consentedAt: row.consentedAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /**
     * Sets the statuses in one batch (source `push`, with the key) and audits it; any ID given both statuses,
     * not found among the key's health system's participants, or of a participant who withdrew refuses the whole
     * push, and nothing is saved.
     */
    async push(holder: ApiKeyHolder, body: TPushRequest, context: RequestContext): Promise<PushOutcome> {
      const now = clock.now();
      const { statuses, conflicting } = statusesById(body.updates);
      const userIds = [...statuses.keys()];
      const scope: ParticipantScope = { healthSystems: [holder.healthSystem] };
      const refuseFor = (found: readonly PushIssue[]): PushOutcome => ({
        ok: false,
        issues: [...[...conflicting].map((userId) => ({ userId, reason: 'conflicting' as const })), ...found].sort(
          byUserId,
        ),
      });
      try {
        return await db.transaction(async (tx): Promise<PushOutcome> => {
          const issues = await lockAndFindIdIssues(tx, scope, userIds);
          if (issues.length > 0 || conflicting.size > 0) return refuseFor(issues);
          const { batchId, applied } = await applyStatusChanges(
            tx,
            { source: 'push', apiKeyId: holder.id, requested: body.updates.length, skipped: [] },
            { userIds, statuses: [...statuses.values()] },
            now,
          );
          await recordAudit(tx, {
            at: now,
            action: 'verification.push',
            details: { batchId, apiKeyId: holder.id, applied },
            ip: context.ip,
          });
          return { ok: true, batchId, applied };
        });
      } catch (error) {
        // A participant withdrew while the push ran: nothing was saved, and the refusal lists them.
        if (error instanceof RecordsChangedMeanwhile) return refuseFor(await findIdIssues(db, scope, userIds));
        throw error;
      }
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
