import type { FastifyBaseLogger } from 'fastify';
import { maskEmail, type MailTransport } from './mail-transport';

/**
 * With no SMTP server configured, the log line is the delivery: it lets a developer (or a newcomer trying the
 * portal) follow the links and type the sign-in codes. Only this transport ever writes a link or code to the log.
 */
export function outboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    async deliver(mail) {
      log.info(
        {
          emailId: mail.id,
          to: maskEmail(mail.to),
          subject: mail.subject,
          links: mail.links,
          code: mail.code,
          attachments: mail.attachments?.map((a) => a.filename),
        },
        'e-mail kept in the outbox',
      );
      return {};
    },
    async close() {},
  };
}
