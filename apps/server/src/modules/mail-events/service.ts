import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MAIL_EVENT_MESSAGES as M, type TMailProvider } from '@portal/shared/email-analytics/suppressions';
import type { Database } from '../../db/client';
import { refused, type Outcome } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { eventTypeName, jsonOf, type ProviderEvent } from './events';
import { applyEffect, eventSeen, forgetEvent, forgetOldEvents, recordEvent } from './repository';
import { parseSendgridEvents } from './sendgrid-events';
import { SENDGRID_TIMESTAMP_TOLERANCE_MS, sendgridSignatureValid } from './sendgrid-signature';
import { parseSesMessage } from './ses-events';
import {
  isSigningCertUrl,
  isSnsUrl,
  SNS_MAX_AGE_MS,
  SNS_TYPES,
  snsCertificates,
  snsSignatureValid,
  type FetchText,
} from './sns-signature';

/** An SNS message's own clock may run a little ahead of ours. */
const SNS_FUTURE_TOLERANCE_MS = 5 * 60_000;

const ZSnsMessage = z.object({
  Type: z.string(),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1),
  Subject: z.string().optional(),
  Message: z.string(),
  Timestamp: z.string().refine((text) => !Number.isNaN(Date.parse(text))),
  SignatureVersion: z.string(),
  Signature: z.string().min(1),
  SigningCertURL: z.string(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});

/**
 * The mail providers' delivery events: SendGrid's signed Event Webhook and Amazon SES through SNS. A request is
 * taken in only when signed by the provider, recent, and well formed; then each event the portal has not seen
 * marks a message delivered or puts an address on the suppression list, all in one transaction. An event seen
 * before changes nothing, and a batch of such events is answered 200 so the provider stops retrying it. Every
 * refusal is logged with its reason alone: never an address, never the body.
 */
export function createMailEventsService({
  db,
  clock,
  log,
  sendgridKey,
  topicArn,
  fetch,
}: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** SENDGRID_WEBHOOK_PUBLIC_KEY, read; without it the SendGrid webhook is not set up. */
  sendgridKey?: KeyObject;
  /** SES_SNS_TOPIC_ARN: the only topic taken from; without it the SES webhook is not set up. */
  topicArn?: string;
  /** GETs certificates and subscription links. */
  fetch: FetchText;
}) {
  const certificates = snsCertificates(fetch);

  /** A refusal, logged with its reason (and an unknown event type's name) alone. */
  const refuse = (provider: TMailProvider, status: number, message: string, eventType?: string) => {
    log.warn({ provider, status, reason: message, ...(eventType && { eventType }) }, 'mail provider event refused');
    return refused(status, message);
  };

  /**
   * Takes in the events not seen before, in one transaction that first drops the event ids past their days kept;
   * answers whether any was new.
   */
  async function takeIn(events: ProviderEvent[]): Promise<Outcome> {
    const now = clock.now();
    const fresh = await db.transaction(async (tx) => {
      await forgetOldEvents(tx, now);
      let count = 0;
      for (const event of events) {
        if (!(await recordEvent(tx, event, now))) continue;
        count += 1;
        for (const effect of event.effects) await applyEffect(tx, event.provider, effect, now);
      }
      return count;
    });
    return { ok: true, message: fresh > 0 ? M.taken : M.alreadyTaken };
  }

  return {
    /** Whether SENDGRID_WEBHOOK_PUBLIC_KEY is set. */
    sendgridConfigured: sendgridKey !== undefined,

    /** `POST /mail-events/sendgrid`: a batch of SendGrid events, signed over the timestamp and the raw body. */
    async sendgrid(body: Buffer, signature: string | undefined, timestamp: string | undefined): Promise<Outcome> {
      if (!sendgridKey) return refuse('sendgrid', 404, M.notConfigured);
      if (!signature || !timestamp) return refuse('sendgrid', 401, M.unsigned);
      if (!/^\d{1,12}$/.test(timestamp)) return refuse('sendgrid', 400, M.malformed);
      if (Math.abs(clock.now().getTime() - Number(timestamp) * 1000) > SENDGRID_TIMESTAMP_TOLERANCE_MS)
        return refuse('sendgrid', 403, M.stale);
      if (!sendgridSignatureValid(sendgridKey, signature, timestamp, body))
        return refuse('sendgrid', 403, M.badSignature);
      const parsed = parseSendgridEvents(body.toString('utf8'));
      if (!parsed.ok) return refuse('sendgrid', 400, M[parsed.reason], parsed.eventType);
      return takeIn(parsed.events);
    },

    /**
     * `POST /mail-events/ses`: an SNS message (JSON sent as text/plain) of the SES_SNS_TOPIC_ARN topic alone (404
     * without it: a genuine SNS message of anyone's topic must not count). A subscription is confirmed by a GET of
     * its SubscribeURL on an SNS host; a notification carries one SES event. Every cheap check (type, topic,
     * certificate URL, time, subscription link, replay) comes before the certificate is fetched.
     */
    async ses(body: Buffer): Promise<Outcome> {
      if (!topicArn) return refuse('ses', 404, M.notConfigured);
      const parsed = ZSnsMessage.safeParse(jsonOf(body.toString('utf8')));
      if (!parsed.success) return refuse('ses', 400, M.malformed);
      const message = parsed.data;
      if (!SNS_TYPES.includes(message.Type)) return refuse('ses', 400, M.unknownEvent, eventTypeName(message.Type));
      if (message.TopicArn !== topicArn) return refuse('ses', 403, M.topic);
      if (!isSigningCertUrl(message.SigningCertURL)) return refuse('ses', 403, M.certificateUrl);
      const now = clock.now();
      const age = now.getTime() - Date.parse(message.Timestamp);
      if (age > SNS_MAX_AGE_MS || age < -SNS_FUTURE_TOLERANCE_MS) return refuse('ses', 403, M.stale);
      const subscription = message.Type === 'SubscriptionConfirmation';
      if (subscription && (!message.Token || !isSnsUrl(message.SubscribeURL)))
        return refuse('ses', 403, M.subscribeUrl);
      const event = { provider: 'ses' as const, eventId: message.MessageId, effects: [] };
      // Taken in before (SNS retries until it is answered 2xx): nothing to change, and no certificate to fetch.
      if (await eventSeen(db, event)) return { ok: true, message: M.alreadyTaken };
      let key: KeyObject;
      try {
        key = await certificates(message.SigningCertURL, now);
      } catch {
        return refuse('ses', 503, M.certificateUnavailable);
      }
      if (!snsSignatureValid(message, key)) return refuse('ses', 403, M.badSignature);

      if (message.Type === 'Notification') {
        const ses = parseSesMessage(message.MessageId, message.Message);
        if (!ses.ok) return refuse('ses', 400, M[ses.reason], ses.eventType);
        return takeIn(ses.events);
      }
      if (message.Type === 'UnsubscribeConfirmation') {
        // The topic no longer sends here; nothing to do but say so in the log.
        log.warn({ provider: 'ses' }, 'the SNS topic unsubscribed this portal');
        return takeIn([event]);
      }
      const outcome = await takeIn([event]);
      if (outcome.ok && outcome.message === M.alreadyTaken) return outcome;
      try {
        await fetch(message.SubscribeURL!);
      } catch {
        // Not confirmed: forget the message so SNS's next try confirms it.
        await forgetEvent(db, event);
        return refuse('ses', 503, M.subscribeFailed);
      }
      log.info({ provider: 'ses' }, 'SNS subscription confirmed');
      return { ok: true, message: M.subscribed };
    },
  };
}
export type MailEventsService = ReturnType<typeof createMailEventsService>;
