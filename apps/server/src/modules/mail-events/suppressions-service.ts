import type { Page } from '@portal/shared/api/paging';
import {
  SUPPRESSION_MESSAGES as M,
  type TSuppression,
  type TSuppressionsQuery,
} from '@portal/shared/email-analytics/suppressions';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { refused, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { liftSuppression, listSuppressions } from './repository';

/**
 * The suppression list in Emails Insight: the addresses that bounced for good or complained, which get account and
 * security mail only, and lifting an entry (audited, without the address).
 */
export function createSuppressionsService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** `GET /email-analytics/suppressions`: one page of the entries in force. */
    async list(query: TSuppressionsQuery): Promise<Page<TSuppression>> {
      const { rows, total } = await listSuppressions(db, query);
      return {
        content: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /** `POST /email-analytics/suppressions/:id/lift`: mail of every category may go to the address again. */
    async lift(adminId: string, id: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const lifted = await liftSuppression(tx, id, adminId, now);
        if (lifted.ok)
          await recordAudit(tx, {
            at: now,
            action: 'emailSuppression.lifted',
            actorId: adminId,
            details: { suppressionId: id, reason: lifted.reason, provider: lifted.provider },
            ip: context.ip,
          });
        return lifted;
      });
      if (!result.ok) return result.reason === 'notFound' ? refused(404, M.notFound) : refused(409, M.alreadyLifted);
      return { ok: true, message: M.lifted };
    },
  };
}
export type SuppressionsService = ReturnType<typeof createSuppressionsService>;
