import { z } from 'zod';
import { ZDateRangeQuery } from '../api/date-range';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_EMAIL_ANALYTICS_SUMMARY = call('GET', '/email-analytics/summary');

/** `GET /email-analytics/summary?from&to` (administrators, or the dashboard's token): both days included. */
export const ZEmailSummaryQuery = ZDateRangeQuery;

/** How many days after an e-mail the step it asked for still counts as following it. */
export const FOLLOW_UP_DAYS = 7;

/**
 * The messages of a group by where they stand: `sent`; `failed` for good (the address itself was not refused);
 * `bounced` (the mail server refused the address for good); `suppressed` (not sent: withdrawn, e-mails turned
 * off, no longer needed); `queued` (still waiting or being sent).
 */
export const ZEmailCounts = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  suppressed: z.number().int(),
  queued: z.number().int(),
});
export type TEmailCounts = z.infer<typeof ZEmailCounts>;

/** sent / (sent + failed + bounced) as a percentage rounded to one decimal; null when none of those. */
const ZRate = z.number().nullable();

/** The e-mails that lead to a step: the three reminders and one-time survey invitations. */
export const FOLLOW_UP_KINDS = ['activationReminder', 'icfReminder', 'surveyReminder', 'oneTimeInvitation'] as const;
export type TFollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

/**
 * E-mails of one kind sent in the range, and how many of them were followed within `FOLLOW_UP_DAYS` days by the
 * step they asked for (account activated, consent signed, survey submitted); `rate` is followed / sent in percent.
 */
export const ZFollowUp = z.object({
  kind: z.enum(FOLLOW_UP_KINDS),
  sent: z.number().int(),
  followed: z.number().int(),
  rate: ZRate,
});
export type TFollowUp = z.infer<typeof ZFollowUp>;

/**
 * Why e-mails were not sent: a message held back (`suppressed`, with its reason) or a due reminder skipped before
 * any message was written (`reminder_dispatches.skipped_reason`). `unsubscribed` is a participant who left the
 * message's category.
 */
export const NOT_SENT_REASONS = [
  'withdrawn',
  'emailsOff',
  'unsubscribed',
  'addressRefused',
  'addressSuppressed',
  'alreadyDone',
  'superseded',
] as const;

/** One reason, with the messages held back and the reminders skipped for it in the range. */
export const ZNotSent = z.object({
  reason: z.string(),
  suppressed: z.number().int(),
  remindersSkipped: z.number().int(),
});
export type TNotSent = z.infer<typeof ZNotSent>;

/**
 * The Email Analytics dashboard's figures. Each message counts on the calendar day (of the study's time zone)
 * it was created. `days` lists only days with messages, oldest first; `templates` and `languages` only those used.
 */
export const ZEmailSummary = z.object({
  timeZone: z.string(),
  totals: ZEmailCounts.extend({ deliveryRate: ZRate }),
  days: z.array(ZEmailCounts.extend({ date: z.string() })),
  templates: z.array(ZEmailCounts.extend({ template: z.string() })),
  languages: z.array(ZEmailCounts.extend({ language: z.string() })),
  followUps: z.array(ZFollowUp),
  /** Reasons with at least one message or reminder in the range, in `NOT_SENT_REASONS`' order (others last). */
  notSent: z.array(ZNotSent),
});
export type TEmailSummary = z.infer<typeof ZEmailSummary>;
export type TEmailDay = TEmailSummary['days'][number];
export type TEmailTemplateCounts = TEmailSummary['templates'][number];
export type TEmailLanguageCounts = TEmailSummary['languages'][number];
export const ZEmailSummaryReply = envelope(ZEmailSummary);
