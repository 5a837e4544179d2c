/** A file sent with a message (the signed consent copy). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** A message ready to leave the portal. */
export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** A one-time code the message carries, if any. */
  code?: string;
  attachments?: MailAttachment[];
  /** Further header fields, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Where e-mail goes: the SMTP server of SMTP_URL, or, when it is unset, the outbox, which prints its links and
 * code to the log. Either way the ledger keeps the message's content only until it is delivered.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted, with the SMTP server's reply when there is one. */
  deliver(mail: OutgoingMail): Promise<{ smtpReply?: string }>;
  close(): Promise<void>;
}

/** `jo…@example.org`: enough to tell messages apart in a log without writing the address down. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}…@${domain}`;
}
