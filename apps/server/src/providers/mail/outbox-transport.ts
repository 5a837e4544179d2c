import type { FastifyBaseLogger } from 'fastify';
import { maskEmail, type MailTransport } from './mail-transport';

/**
 * With no SMTP server configured, the database row is the delivery; the log line lets a developer (or a
 * newcomer trying the portal) follow the links and type the sign-in codes.
 */
export function outboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    keepsBodies: true,
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
    },
    async close() {},
  };
}
