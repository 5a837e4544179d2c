import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Language } from '@portal/shared/constants';
import type { TContactSettings } from '@portal/shared/client-config';
import type { Database } from '../../db/client';
import { emailMessages, users } from '../../db/schema';
import type { Clock } from '../clock/clock';
import type { MailAttachment, MailTransport } from './mail-transport';
import { renderMail, type MailContent } from './templates/render';

export interface SendMailRequest {
  to: string;
  userId?: string;
  language: Language;
  /** The template's name, recorded for the Email Analytics dashboard. */
  template: string;
  content: MailContent;
  attachments?: MailAttachment[];
  /**
   * Whether the message still goes to a participant who withdrew: only the withdrawal's own confirmation
   * does; any other is recorded as suppressed and not sent.
   */
  evenIfWithdrawn?: boolean;
  /**
   * The communication preference the message falls under: `email` for study e-mails such as
   * reminders, `newsletter` for the newsletter. A recipient who turned it off gets it recorded as suppressed.
   * Security and consent messages have none: they always go.
   */
  subscription?: 'email' | 'newsletter';
}

export interface MailerOptions {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  contact: () => Promise<TContactSettings>;
}

/**
 * Records every e-mail (recipient, template, status, error) and delivers it in the background, so a slow
 * or failing mail server never fails or slows the request that caused the message. `idle()` waits for
 * deliveries under way: graceful shutdown and tests use it.
 */
export function createMailer({ db, clock, transport, from, log, contact }: MailerOptions) {
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: string, request: SendMailRequest, rendered: ReturnType<typeof renderMail>) {
    try {
      await transport.deliver({ id, from, to: request.to, ...rendered, attachments: request.attachments });
      await db.update(emailMessages).set({ status: 'sent', sentAt: clock.now() }).where(eq(emailMessages.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      log.warn(
        { emailId: id, template: request.template, code: (error as { code?: string }).code },
        'e-mail delivery failed',
      );
      await db
        .update(emailMessages)
        .set({ status: 'failed', error: reason })
        .where(eq(emailMessages.id, id))
        .catch((dbError: unknown) => log.error({ err: dbError, emailId: id }, 'could not record a failed delivery'));
    }
  }

  /** Whether the recipient's withdrawal or communication preferences keep this message from being sent. */
  async function suppressed(request: SendMailRequest): Promise<boolean> {
    if (!request.userId) return false;
    const [row] = await db
      .select({
        status: users.status,
        email: users.emailSubscription,
        newsletter: users.newsletterSubscription,
      })
      .from(users)
      .where(eq(users.id, request.userId))
      .limit(1);
    if (!row) return false;
    if (row.status === 'withdrawn' && !request.evenIfWithdrawn) return true;
    return request.subscription !== undefined && !row[request.subscription];
  }

  return {
    transportKind: transport.kind,
    /** Records the message and starts its delivery; resolves with the message id once it is recorded. */
    async send(request: SendMailRequest): Promise<string> {
      const rendered = renderMail(request.language, request.content, await contact());
      const held = await suppressed(request);
      const [row] = await db
        .insert(emailMessages)
        .values({
          userId: request.userId,
          recipient: request.to,
          template: request.template,
          language: request.language,
          subject: rendered.subject,
          transport: transport.kind,
          status: held ? 'suppressed' : 'queued',
          createdAt: clock.now(),
        })
        .returning({ id: emailMessages.id });
      const id = row!.id;
      if (held) return id;
      const delivery = deliver(id, request, rendered);
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
      return id;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      await this.idle();
      await transport.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
