import { toLanguage } from '@portal/shared/i18n/language';
import type { Database } from '../../../db/client';
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
}

/**
 * Queues the e-mails of posted study notices (category `news`), a batch of messages per transaction: each
 * message of a notice whose e-mail is not queued yet gets one, in the participant's language, and keeps its id.
 * The mailer records one a participant left news for, turned the newsletter off, withdrew, or whose address is
 * suppressed, as suppressed and never sends it; the notice stays in their Messages.
 */
export function createNoticeMailJob({ db, mailer, publicUrl }: NoticeMailDeps) {
  const link = `${publicUrl}${MESSAGES_PATH}`;

  async function queueOne(tx: Database, row: UnmailedNotice) {
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

  /** One batch; answers how many e-mails it queued (0: nothing left). */
  const nextBatch = () =>
    db.transaction(async (tx) => {
      const rows = await claimUnmailed(tx, BATCH);
      for (const row of rows) await queueOne(tx, row);
      return rows.length;
    });

  return {
    /** One run of the job: answers how many e-mails it queued. */
    async run(signal?: AbortSignal): Promise<number> {
      let queued = 0;
      while (!signal?.aborted) {
        const batch = await nextBatch();
        queued += batch;
        if (batch < BATCH) break;
      }
      return queued;
    },
  };
}
export type NoticeMailJob = ReturnType<typeof createNoticeMailJob>;
