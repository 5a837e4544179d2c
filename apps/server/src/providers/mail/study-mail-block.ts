import { sql, type SQL } from 'drizzle-orm';

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

/** What decides whether a study e-mail (a reminder, an invitation) may go to a participant at all. */
export interface StudyMailRecipient {
  status: string;
  emailSubscription: boolean;
  addressRefused: boolean;
}

/**
 * Why no study e-mail goes to this participant: withdrawn from the study, study e-mails turned off, or an
 * address the mail server refused for good. Undefined when one may go.
 */
export function studyMailBlock(
  recipient: StudyMailRecipient,
): 'withdrawn' | 'emailsOff' | 'addressRefused' | undefined {
  if (recipient.status === 'withdrawn') return 'withdrawn';
  if (!recipient.emailSubscription) return 'emailsOff';
  if (recipient.addressRefused) return 'addressRefused';
  return undefined;
}
