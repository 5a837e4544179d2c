import type { FastifyBaseLogger } from 'fastify';
import { toLanguage } from '@portal/shared/i18n/language';
import type { Database, Executor } from '../../../db/client';
import type { Mailer } from '../../../providers/mail/mailer';
import { studyNoticeMail } from '../../../providers/mail/templates/study-notice';
import { claimUnmailed, setEmailId, type UnmailedNotice } from './repository';

/** How many e-mails one transaction queues. */
const BATCH = 500;
const MESSAGES_PATH = '/messages';
export const STUDY_NOTICE_TEMPLATE = 'study-notice';

export interface NoticeMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Queues the e-mails of posted study notices (category `news`), a batch of messages per transaction: each
 * message of a notice whose e-mail is not queued yet gets one, in the participant's language, and keeps its id.
 * The mailer records one a participant left news for, turned the newsletter off, withdrew, or whose address is
 * suppressed, as suppressed and never sends it; the notice stays in their Messages.
 */
export function createNoticeMailJob({ db, mailer, publicUrl, log }: NoticeMailDeps) {
  const link = `${publicUrl}${MESSAGES_PATH}`;

  async function queueOne(tx: Executor, row: UnmailedNotice) {
    const language = toLanguage(row.language);
    const emailId = await mailer.queue(tx, {
      to: row.email,
      userId: row.userId,
      language,
      template: STUDY_NOTICE_TEMPLATE,
      content: studyNoticeMail(language, {
        firstName: row.firstName,
        title: language === 'sp' ? row.titleSp : row.titleEn,
        body: language === 'sp' ? row.bodySp : row.bodyEn,
        link,
      }),
      category: 'news',
    });
    await setEmailId(tx, row.messageId, emailId);
  }

  /**
   * One batch: each row in a savepoint of its own, so a row that cannot be queued (the mailer throws) is undone
   * alone, logged by its message id only (no address, no name), and added to `failed`. The run passes over the
   * rows in `failed`, so each batch claims only rows not tried yet and the run ends; they keep no e-mail id and the
   * next run (the job's next schedule, or the next notice posted) tries them again, so none is lost silently.
   * Answers how many rows it claimed and how many e-mails it queued.
   */
  const nextBatch = (failed: string[]) =>
    db.transaction(async (tx) => {
      const rows = await claimUnmailed(tx, BATCH, failed);
      let queued = 0;
      for (const row of rows) {
        try {
          await tx.transaction((savepoint) => queueOne(savepoint, row));
          queued += 1;
        } catch (error) {
          failed.push(row.messageId);
          log.error(
            { inboxMessageId: row.messageId, error: error instanceof Error ? error.name : typeof error },
            'could not queue the e-mail of a study notice; the next run tries it again',
          );
        }
      }
      return { claimed: rows.length, queued };
    });

  return {
    /** One run of the job: answers how many e-mails it queued. */
    async run(signal?: AbortSignal): Promise<number> {
      const failed: string[] = [];
      let queued = 0;
      while (!signal?.aborted) {
        const batch = await nextBatch(failed);
        queued += batch.queued;
        if (batch.claimed < BATCH) break;
      }
      return queued;
    },
  };
}
export type NoticeMailJob = ReturnType<typeof createNoticeMailJob>;
