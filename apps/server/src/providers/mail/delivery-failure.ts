import { MINUTE_MS } from '@portal/shared/durations';

/** The waits before the second, third, … attempt; after the last, the message has failed for good. */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360].map((minutes) => minutes * MINUTE_MS);

/**
 * What nodemailer puts on a failed delivery: the SMTP reply, its code and the command it answered, or a
 * connection error code.
 */
interface SmtpError {
  message?: string;
  response?: string;
  responseCode?: number;
  code?: string;
  command?: string;
}

/**
 * How a failed attempt ends. A permanent refusal of the recipient (a 5xx reply to RCPT TO: no such mailbox) or
 * of the message (a 5xx reply to its DATA) fails it for good, as does the last allowed attempt. Anything else is
 * tried again after the next delay: a 4xx reply, a refused, dropped or timed-out connection, and a 5xx reply to
 * the sign-in or to the sender, which says the portal's mail settings are wrong rather than the message.
 */
export function deliveryFailure(error: unknown, attempts: number, now: Date) {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const smtpCode = typeof smtp.responseCode === 'number' ? smtp.responseCode : undefined;
  const description = (smtp.response ?? smtp.message ?? String(error)).slice(0, 500);
  const permanent = smtpCode !== undefined && smtpCode >= 500 && smtpCode < 600;
  const recipientRefused = permanent && smtp.command === 'RCPT TO';
  const details = {
    error: smtp.code ? `${smtp.code}: ${description}` : description,
    smtpReply: smtp.response,
    smtpCode,
  };
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (recipientRefused || (permanent && smtp.command === 'DATA') || delay === undefined) {
    return { status: 'failed' as const, recipientRefused, ...details };
  }
  return { status: 'queued' as const, nextAttemptAt: new Date(now.getTime() + delay), ...details };
}
