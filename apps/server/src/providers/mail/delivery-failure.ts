const MINUTE_MS = 60_000;

/** The waits before the second, third, … attempt; after the last, the message has failed for good. */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360].map((minutes) => minutes * MINUTE_MS);

/** What nodemailer puts on a failed delivery: the SMTP reply and its code, or a connection error code. */
interface SmtpError {
  message?: string;
  response?: string;
  responseCode?: number;
  code?: string;
}

/**
 * How a failed attempt ends: a permanent refusal (an SMTP 5xx reply, such as an unknown mailbox) or the last
 * allowed attempt fails the message for good; anything else (a 4xx reply, a refused or dropped connection, a
 * time-out) is tried again after the next delay.
 */
export function deliveryFailure(error: unknown, attempts: number, now: Date) {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const smtpCode = typeof smtp.responseCode === 'number' ? smtp.responseCode : undefined;
  const description = (smtp.response ?? smtp.message ?? String(error)).slice(0, 500);
  const details = {
    error: smtp.code ? `${smtp.code}: ${description}` : description,
    smtpReply: smtp.response,
    smtpCode,
  };
  const permanent = smtpCode !== undefined && smtpCode >= 500 && smtpCode < 600;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (permanent || delay === undefined) return { status: 'failed' as const, ...details };
  return { status: 'queued' as const, nextAttemptAt: new Date(now.getTime() + delay), ...details };
}
