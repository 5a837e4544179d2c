import { calendarDate, formatDate } from '@portal/shared/dates';
import { toLanguage } from '@portal/shared/i18n/language';
import type { TReminderType } from '@portal/shared/settings/reminders';
import type { Database } from '../../db/client';
import { withinSendHours, type SendHours } from '../../lib/study-time';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import type { ClaimedMail } from '../../providers/mail/ledger';
import { studyMailBlock } from '../../providers/mail/study-mail-block';
import { addToInbox, inboxKeepsUnsent, type InboxEntry } from '../../db/inbox';
import { consentReminderMail, surveyReminderMail } from '../../providers/mail/templates/reminders';
import { findDueReminders, recordDispatch, reminderStillNeeded, scheduledTypes, type DueReminder } from './repository';

/** How many due reminders one run deals with at most; the rest wait for the next run, a minute later. */
const PER_RUN = 500;
const LOGIN_PATH = '/login-patient';

export interface ReminderSenderDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  sendHours: SendHours;
  inDowntime: () => Promise<boolean>;
  /** Issues a fresh activation link and queues its reminder in the transaction (registration's). */
  queueActivationReminder(
    tx: Database,
    user: { id: string; email: string; firstName: string; language: string },
    at: { now: Date; linkDays: number },
  ): Promise<string>;
  linkDays(): Promise<number>;
  openDueRounds(now: Date, limit: number): Promise<unknown>;
  roundFormCount(): Promise<number>;
}

/** Thrown inside a dispatch transaction to undo it: another process recorded the same reminder first. */
class AlreadyDispatched extends Error {}

const TEMPLATES: Record<TReminderType, string> = {
  ACCOUNT_ACTIVATION: 'activation-reminder',
  ICF: 'consent-reminder',
  SURVEY: 'survey-reminder',
};

/**
 * Sends the reminders that fell due: account activation (from registration, with a fresh link), consent (from
 * activation, or from a request to sign an updated form: each such request is a round of its own) and survey
 * (from a round's opening, until its questionnaires are submitted), each on the days its schedule holds, in the
 * participant's language, during the study's daytime and never during downtime. Every due reminder is recorded
 * once, sent or not, with the reason it was not: `withdrawn`, `emailsOff`, `addressRefused` (the mail server
 * refused the address for good) or `superseded` (a later day of the same reminder fell due at the same time, as
 * after an outage: only the latest goes).
 */
export function createReminderSender(deps: ReminderSenderDeps) {
  const { db, clock, mailer } = deps;
  const loginLink = `${deps.publicUrl}${LOGIN_PATH}`;

  function skipReason(due: DueReminder, latest: boolean): string | undefined {
    return studyMailBlock(due) ?? (latest ? undefined : 'superseded');
  }

  /**
   * The inbox message of a consent or survey reminder (an activation reminder has none: the person cannot sign in
   * yet). It is written when the e-mail is queued, and when a mail reason kept it from going (the person still
   * finds it in Messages); not for a withdrawn participant, nor for a `superseded` day.
   */
  function inboxEntry(type: TReminderType, due: DueReminder, emailId?: string): InboxEntry | undefined {
    if (type === 'ACCOUNT_ACTIVATION') return undefined;
    if (!emailId) {
      const block = studyMailBlock(due);
      if (!block || !inboxKeepsUnsent(block)) return undefined;
    }
    if (type === 'ICF')
      return {
        userId: due.userId,
        kind: due.roundNumber > 0 ? 'updatedConsentReminder' : 'consentReminder',
        params: {},
        emailId,
      };
    // The day the e-mail states (formatDate reads the instant in UTC).
    return {
      userId: due.userId,
      kind: 'surveyReminder',
      params: { closesOn: calendarDate(new Date(due.closesAt!), 'UTC') },
      emailId,
    };
  }

  async function dispatch(type: TReminderType, due: DueReminder, latest: boolean, linkDays: number) {
    const now = clock.now();
    const key = { userId: due.userId, type, roundNumber: due.roundNumber, days: due.days, now };
    const skippedReason = skipReason(due, latest);
    try {
      return await db.transaction(async (tx) => {
        if (skippedReason) {
          if (!(await recordDispatch(tx, { ...key, skippedReason }))) throw new AlreadyDispatched();
          const entry = latest ? inboxEntry(type, due) : undefined;
          if (entry) await addToInbox(tx, entry, now);
          return undefined;
        }
        const emailId = await queueReminder(tx, type, due, now, linkDays);
        if (!(await recordDispatch(tx, { ...key, emailId }))) throw new AlreadyDispatched();
        const entry = inboxEntry(type, due, emailId);
        if (entry) await addToInbox(tx, entry, now);
        return emailId;
      });
    } catch (error) {
      if (error instanceof AlreadyDispatched) return undefined;
      throw error;
    }
  }

  function queueReminder(tx: Database, type: TReminderType, due: DueReminder, now: Date, linkDays: number) {
    const language = toLanguage(due.language);
    const recipient = { id: due.userId, email: due.email, firstName: due.firstName, language: due.language };
    if (type === 'ACCOUNT_ACTIVATION') return deps.queueActivationReminder(tx, recipient, { now, linkDays });
    const content =
      type === 'ICF'
        ? consentReminderMail(language, { firstName: due.firstName, link: loginLink, updatedForm: due.roundNumber > 0 })
        : surveyReminderMail(language, {
            firstName: due.firstName,
            link: loginLink,
            closesOn: formatDate(due.closesAt!),
          });
    return mailer.queue(tx, {
      to: due.email,
      userId: due.userId,
      language,
      template: TEMPLATES[type],
      content,
      category: 'reminders',
    });
  }

  /** Whether reminders may go out now: the study's daytime, outside downtime. */
  async function sendingTime(): Promise<boolean> {
    if (!withinSendHours(clock.now(), deps.timeZone, deps.sendHours)) return false;
    return !(await deps.inDowntime());
  }

  return {
    /** One run of the reminder job (every minute): records and queues what fell due; answers how many it sent. */
    async run(signal?: AbortSignal): Promise<number> {
      if (!(await sendingTime())) return 0;
      const scheduled = await scheduledTypes(db);
      if (scheduled.length === 0) return 0;
      if (scheduled.includes('SURVEY')) await deps.openDueRounds(clock.now(), PER_RUN);
      const [linkDays, roundForms] = await Promise.all([deps.linkDays(), deps.roundFormCount()]);
      let queued = 0;
      for (const type of scheduled) {
        const due = await findDueReminders(db, type, {
          now: clock.now(),
          timeZone: deps.timeZone,
          roundForms,
          limit: PER_RUN,
        });
        // A full batch may have cut the last person's days in two: they wait for the next run, whole.
        const last = due.at(-1);
        const whole =
          due.length < PER_RUN || !last
            ? due
            : due.filter((r) => r.userId !== last.userId || r.roundNumber !== last.roundNumber);
        const batch = whole.length > 0 ? whole : due;
        for (const [index, reminder] of batch.entries()) {
          if (signal?.aborted) return queued;
          const next = batch[index + 1];
          const latest = !next || next.userId !== reminder.userId || next.roundNumber !== reminder.roundNumber;
          if (await dispatch(type, reminder, latest, linkDays)) queued += 1;
        }
      }
      return queued;
    },

    /**
     * The last check before a reminder leaves: one whose purpose was met since it was queued (the account was
     * activated, the consent signed, the round submitted or closed) is not sent, with the reason `alreadyDone`.
     */
    async alreadyDone(mail: ClaimedMail): Promise<string | undefined> {
      const type = (Object.keys(TEMPLATES) as TReminderType[]).find((t) => TEMPLATES[t] === mail.template);
      if (!type || !mail.userId) return undefined;
      // Only a survey reminder depends on how many questionnaires a round holds.
      const at = { now: clock.now(), roundForms: type === 'SURVEY' ? await deps.roundFormCount() : 0 };
      return (await reminderStillNeeded(db, type, mail.id, at)) ? undefined : 'alreadyDone';
    },
  };
}
export type ReminderSender = ReturnType<typeof createReminderSender>;
