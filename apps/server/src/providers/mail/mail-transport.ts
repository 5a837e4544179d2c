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
}

/** Where e-mail goes: the SMTP server of SMTP_URL, or, when it is unset, the database outbox printed to the log. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Whether the message bodies are kept in the database (the outbox is the delivery there). */
  readonly keepsBodies: boolean;
  deliver(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** `jo…@example.org`: enough to tell messages apart in a log without writing the address down. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}…@${domain}`;
}
