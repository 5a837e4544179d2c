import {
  STUDY_NOTICE_MESSAGES as M,
  type TNoticeAudiences,
  type TStudyNotice,
  type TStudyNoticeRequest,
  type TStudyNoticesPage,
  type TStudyNoticesQuery,
} from '@portal/shared/inbox/notices';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { refused, type DataOutcome, type RequestContext } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import { countAudiences, findHealthSystem, findNotice, insertNotice, listNotices } from './repository';

export interface StudyNoticeDeps {
  db: Database;
  clock: Clock;
  /** Asks the scheduler to run the notice e-mail job at `at` (right after a notice is posted). */
  mailAt(at: Date): void;
}

/** Thrown inside the posting transaction to undo it: the audience holds nobody. */
class NoRecipients extends Error {}

const unknownHealthSystem = () =>
  refused(400, M.unknownHealthSystem, [{ errorField: 'healthSystemId', message: M.unknownHealthSystem }]);

/**
 * Study notices: staff post one, in English and Spanish, to every participant or to one health system's. Posting
 * writes the notice, a message in the inbox of each participant of the audience and its audit record in one
 * transaction; the e-mails (study news) follow in batches from the notice e-mail job.
 */
export function createStudyNoticeService({ db, clock, mailAt }: StudyNoticeDeps) {
  return {
    async list(query: TStudyNoticesQuery): Promise<TStudyNoticesPage> {
      return { ...(await listNotices(db, query)), page: query.page, size: query.size };
    },

    audiences: (): Promise<TNoticeAudiences> => countAudiences(db),

    async post(
      actorId: string,
      request: TStudyNoticeRequest,
      context: RequestContext,
    ): Promise<DataOutcome<TStudyNotice>> {
      const healthSystemId = request.healthSystemId ?? null;
      const system = healthSystemId ? await findHealthSystem(db, healthSystemId) : undefined;
      if (healthSystemId && !system) return unknownHealthSystem();
      const now = clock.now();
      try {
        const id = await db.transaction(async (tx) => {
          const notice = await insertNotice(
            tx,
            {
              titleEn: request.title.en,
              titleSp: request.title.sp,
              bodyEn: request.body.en,
              bodySp: request.body.sp,
              healthSystemId,
              postedBy: actorId,
              at: now,
            },
            system?.databaseValue ?? null,
          );
          if (notice.recipients === 0) throw new NoRecipients();
          await recordAudit(tx, {
            at: now,
            action: 'studyNotice.posted',
            actorId,
            subjectId: healthSystemId ?? undefined,
            details: { noticeId: notice.id, healthSystemId, recipients: notice.recipients },
            ip: context.ip,
          });
          return notice.id;
        });
        mailAt(now);
        return { ok: true, data: (await findNotice(db, id))! };
      } catch (error) {
        if (error instanceof NoRecipients) return refused(409, M.noRecipients);
        throw error;
      }
    },
  };
}
export type StudyNoticeService = ReturnType<typeof createStudyNoticeService>;
