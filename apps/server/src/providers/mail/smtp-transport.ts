import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mail-transport';

/** How long to wait for the connection, the server's greeting, and any reply after that. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}
const TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Delivers through the SMTP server of SMTP_URL, with timeouts short enough not to pile up work; a time-out is
 * a failed attempt that the ledger tries again later.
 */
export function smtpTransport(url: string, timeouts: SmtpTimeouts = TIMEOUTS): MailTransport {
  // The SMTP library is loaded with the first e-mail, so a server that sends none never holds it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, ...timeouts }),
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
        messageId: `<${mail.id}@kidney-study-portal>`,
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
