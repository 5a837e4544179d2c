import type { Transporter } from 'nodemailer';
import type { DkimOptions } from './dkim';
import type { MailTransport } from './mail-transport';

/** How long to wait for the connection, the server's greeting, and any reply after that. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}
/** The Message-ID of a ledger message: its id at the portal's own name, which delivery events name it by. */
export const messageIdOf = (emailId: string) => `<${emailId}@kidney-study-portal>`;

/** The ledger id in a Message-ID the portal wrote (with or without its angle brackets); undefined for any other. */
export function emailIdOf(messageId: string | undefined): string | undefined {
  const match = /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@kidney-study-portal>?$/i.exec(
    messageId?.trim() ?? '',
  );
  return match?.[1]?.toLowerCase();
}

const TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * The options of the SMTP connection: SMTP_URL, the timeouts, and with DKIM configured nodemailer's own `dkim`
 * option, which signs every message the transport sends.
 */
export const smtpOptions = (url: string, timeouts: SmtpTimeouts, dkim?: DkimOptions) => ({
  url,
  ...timeouts,
  ...(dkim && { dkim }),
});

/**
 * Delivers through the SMTP server of SMTP_URL, with timeouts short enough not to pile up work; a time-out is
 * a failed attempt that the ledger tries again later. With `dkim` every message is signed.
 */
export function smtpTransport(url: string, timeouts: SmtpTimeouts = TIMEOUTS, dkim?: DkimOptions): MailTransport {
  // The SMTP library is loaded with the first e-mail, so a server that sends none never holds it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpOptions(url, timeouts, dkim)),
    ));
  return {
    kind: 'smtp',
    async deliver(mail) {
      const info = await (
        await connect()
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail.id),
        headers: mail.headers,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content),
        })),
      });
      return { smtpReply: typeof info.response === 'string' ? info.response.slice(0, 500) : undefined };
    },
    async close() {
      (await transporter)?.close();
    },
  };
}
