import { calendarDate, formatDate } from '@portal/shared/dates';
import { toLanguage } from '@portal/shared/i18n/language';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../providers/clock/clock';
import type { Mailer } from '../../../providers/mail/mailer';
import { studyMailBlock } from '../../../providers/mail/study-mail-block';
import { oneTimeInvitationMail } from '../../../providers/mail/templates/one-time-invitation';
import { addToInbox, inboxKeepsUnsent } from '../../../db/inbox';
import {
  claimDueSurvey,
  findInvitees,
  markInvitationsSent,
  recordInvitation,
  recordNotInvited,
  type DueSurvey,
  type Invitee,
} from './invitations-repository';

/** How many participants one transaction deals with. */
const BATCH = 500;
const SURVEYS_PATH = '/survey';
export const ONE_TIME_INVITATION_TEMPLATE = 'one-time-invitation';

export interface OneTimeInvitationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** The study's time zone: the window's dates in the e-mail are its calendar dates. */
  timeZone: string;
}

/**
 * Sends one-time survey invitations once their send date has come: to each participant an e-mail in their
 * language (bulk mail, through the delivery ledger), or the reason there is none (withdrawn, study e-mails
 * off, an address the mail server refused), recorded on the participant's row. Each batch is one transaction
 * holding the survey, and every row it writes takes the participant out of the next batch, so an invitation
 * is written once however many processes run the job.
 */
export function createOneTimeInvitations({ db, clock, mailer, publicUrl, timeZone }: OneTimeInvitationDeps) {
  const link = `${publicUrl}${SURVEYS_PATH}`;

  /** The invitation in the participant's Messages: the survey's name in both languages and its window's days. */
  const inboxParams = (survey: DueSurvey) => ({
    surveyId: survey.id,
    titleEn: survey.titleEn,
    titleSp: survey.titleSp,
    opensOn: calendarDate(new Date(survey.effectiveStartDate), timeZone),
    closesOn: calendarDate(new Date(survey.effectiveEndDate), timeZone),
  });

  async function invite(tx: Database, survey: DueSurvey, invitee: Invitee, now: Date): Promise<boolean> {
    const reason = studyMailBlock(invitee);
    if (reason) {
      await recordNotInvited(tx, survey.id, invitee.userId, reason);
      // Someone whose e-mail cannot go still finds the invitation in Messages; a withdrawn participant does not.
      if (inboxKeepsUnsent(reason))
        await addToInbox(tx, { userId: invitee.userId, kind: 'oneTimeInvitation', params: inboxParams(survey) }, now);
      return false;
    }
    const language = toLanguage(invitee.language);
    const emailId = await mailer.queue(tx, {
      to: invitee.email,
      userId: invitee.userId,
      language,
      template: ONE_TIME_INVITATION_TEMPLATE,
      content: oneTimeInvitationMail(language, {
        firstName: invitee.firstName,
        survey: language === 'sp' ? survey.titleSp : survey.titleEn,
        opensOn: formatDate(survey.effectiveStartDate, timeZone),
        closesOn: formatDate(survey.effectiveEndDate, timeZone),
        link,
      }),
      category: 'invitations',
    });
    await recordInvitation(tx, survey.id, invitee.userId, emailId, now);
    await addToInbox(
      tx,
      { userId: invitee.userId, kind: 'oneTimeInvitation', params: inboxParams(survey), emailId },
      now,
    );
    return true;
  }

  /** One batch of the first due survey no other process holds; undefined when there is none. */
  function nextBatch(): Promise<number | undefined> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const survey = await claimDueSurvey(tx, now);
      if (!survey) return undefined;
      const invitees = await findInvitees(tx, survey.id, BATCH);
      let queued = 0;
      for (const invitee of invitees) if (await invite(tx, survey, invitee, now)) queued += 1;
      if (invitees.length < BATCH) await markInvitationsSent(tx, survey.id, now);
      return queued;
    });
  }

  return {
    /** One run of the invitations job: answers how many invitations it queued. */
    async run(signal?: AbortSignal): Promise<number> {
      let queued = 0;
      while (!signal?.aborted) {
        const batch = await nextBatch();
        if (batch === undefined) break;
        queued += batch;
      }
      return queued;
    },
  };
}
export type OneTimeInvitations = ReturnType<typeof createOneTimeInvitations>;
