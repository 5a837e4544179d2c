import { emailMessages } from '../src/db/schema';
import type { MailTransport, OutgoingMail } from '../src/providers/mail/mail-transport';
import type { TestApp } from './helpers';

export const SUMMARY = '/email-analytics/summary';
export const FAILURES = '/email-analytics/failures';
export const retryPath = (id: string) => `${FAILURES}/${id}/retry`;

type Status = 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'bounced';

/**
 * A message written straight into the ledger, created at `at`: `bounced` is a failure whose address the server
 * refused for good. A failure keeps a payload unless told `payload: null`, and its last attempt is its creation.
 */
export async function insertMessage(
  t: TestApp,
  message: {
    at: string;
    status: Status;
    template?: string;
    language?: 'en' | 'sp';
    recipient?: string;
    userId?: string;
    priority?: number;
    payload?: null;
    attempts?: number;
  },
): Promise<string> {
  const failed = message.status === 'failed' || message.status === 'bounced';
  const at = new Date(message.at);
  const [row] = await t.db
    .insert(emailMessages)
    .values({
      recipient: message.recipient ?? 'someone@example.org',
      userId: message.userId,
      template: message.template ?? 'activation',
      language: message.language ?? 'en',
      subject: 'Subject',
      transport: 'smtp',
      status: failed ? 'failed' : message.status,
      priority: message.priority ?? 1,
      attempts: message.attempts ?? (message.status === 'queued' ? 0 : 1),
      createdAt: at,
      lastAttemptAt: message.status === 'queued' ? null : at,
      nextAttemptAt: message.status === 'queued' ? at : null,
      leaseUntil: message.status === 'sending' ? new Date(at.getTime() + 300_000) : null,
      sentAt: message.status === 'sent' ? at : null,
      suppressedReason: message.status === 'suppressed' ? 'emailsOff' : null,
      recipientRefused: message.status === 'bounced',
      smtpCode: failed ? 550 : null,
      smtpReply: failed ? '550 5.1.1 Mailbox unavailable' : null,
      error: failed ? 'EENVELOPE: 550 5.1.1 Mailbox unavailable' : null,
      payload:
        (message.status === 'failed' && message.payload !== null) || ['queued', 'sending'].includes(message.status)
          ? { content: { subject: 'Subject', greeting: 'Hello,', before: ['A message.'], after: [] } }
          : null,
    })
    .returning({ id: emailMessages.id });
  return row!.id;
}

/** A transport that refuses the addresses in `refused` (550 to RCPT TO) and `rejected` (554 to DATA). */
export function failingTransport() {
  const delivered: OutgoingMail[] = [];
  const refused = new Set<string>();
  const rejected = new Set<string>();
  const smtpError = (code: number, response: string, command: string) =>
    Object.assign(new Error(response), { code: 'EENVELOPE', responseCode: code, response, command });
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(mail) {
      if (refused.has(mail.to)) throw smtpError(550, '550 5.1.1 Mailbox unavailable', 'RCPT TO');
      if (rejected.has(mail.to)) throw smtpError(554, '554 5.7.1 Message rejected', 'DATA');
      delivered.push(mail);
      return { smtpReply: '250 2.0.0 Ok' };
    },
    async close() {},
  };
  return { transport, delivered, refused, rejected };
}
