import { sql, type SQL } from 'drizzle-orm';
import type { LeavableMailCategory } from '@portal/shared/mail/categories';

/**
 * Whether the mail server refused an address for good (a 5xx reply to RCPT TO) with nothing sent to it since:
 * an SQL condition on the address expression `email`. A later successful delivery clears it.
 */
export const addressRefusedSql = (email: SQL) => sql`exists (
  select 1 from email_messages m
  where lower(m.recipient) = lower(${email}) and m.recipient_refused
    and not exists (select 1 from email_messages later where lower(later.recipient) = lower(${email})
                    and later.status = 'sent' and later.sent_at > m.last_attempt_at)
)`;

/** Whether the address is on the suppression list (a hard bounce or a complaint, not lifted). */
export const addressSuppressedSql = (email: SQL) => sql`exists (
  select 1 from mail_suppressions s where lower(s.email) = lower(${email}) and s.lifted_at is null
)`;

/** Whether the participant `userId` left the e-mail category `category`. */
export const categoryLeftSql = (userId: SQL, category: LeavableMailCategory) => sql`exists (
  select 1 from mail_category_choices c
  where c.user_id = ${userId} and c.category = ${category} and not c.subscribed
)`;

/**
 * The columns `StudyMailRecipient` needs, for a query over `users u`, for mail of `category`: `subscribed`
 * is the spec's preference the category falls under (e-mail for reminders and invitations, newsletter for news).
 */
export const studyMailRecipientColumns = (category: LeavableMailCategory) => sql`u.status,
  ${category === 'news' ? sql`u.newsletter_subscription` : sql`u.email_subscription`} as "emailSubscription",
  ${categoryLeftSql(sql`u.id`, category)} as "unsubscribed",
  ${addressRefusedSql(sql`u.email`)} as "addressRefused",
  ${addressSuppressedSql(sql`u.email`)} as "addressSuppressed"`;

/** What decides whether a study e-mail (a reminder, an invitation, a notice) may go to a participant at all. */
export interface StudyMailRecipient {
  status: string;
  emailSubscription: boolean;
  unsubscribed: boolean;
  addressRefused: boolean;
  addressSuppressed: boolean;
}

export type StudyMailBlock = 'withdrawn' | 'emailsOff' | 'unsubscribed' | 'addressRefused' | 'addressSuppressed';

/**
 * Why no study e-mail goes to this participant: withdrawn from the study, study e-mails turned off, the
 * message's category left, an address the mail server refused for good, or one on the suppression list.
 * Undefined when one may go.
 */
export function studyMailBlock(recipient: StudyMailRecipient): StudyMailBlock | undefined {
  if (recipient.status === 'withdrawn') return 'withdrawn';
  if (!recipient.emailSubscription) return 'emailsOff';
  if (recipient.unsubscribed) return 'unsubscribed';
  if (recipient.addressRefused) return 'addressRefused';
  if (recipient.addressSuppressed) return 'addressSuppressed';
  return undefined;
}
