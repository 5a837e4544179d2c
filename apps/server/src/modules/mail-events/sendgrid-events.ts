import { z } from 'zod';
import { emailIdOf } from '../../providers/mail/smtp-transport';
import type { MailEventEffect, ParsedEvents } from './events';
import { detailOf, eventTypeName, jsonOf } from './events';

/**
 * Every event type SendGrid's Event Webhook documents (delivery, engagement and account events); only delivered,
 * bounce, dropped and spamreport change anything, the others are taken and ignored. A type SendGrid adds later
 * refuses its batch until it is listed here.
 */
const SENDGRID_EVENTS = [
  'processed',
  'dropped',
  'delivered',
  'deferred',
  'bounce',
  'open',
  'click',
  'spamreport',
  'unsubscribe',
  'group_unsubscribe',
  'group_resubscribe',
  'account_status_change',
] as const;
/** The types whose effect names an address: an event of these without `email` is malformed. */
const ADDRESSED_EVENTS = ['bounce', 'dropped', 'spamreport'];

/** `dropped` reasons that mean the address bounced before (or is invalid), and the one that means a complaint. */
const DROPPED_BOUNCED = ['Bounced Address', 'Invalid'];
const DROPPED_COMPLAINED = 'Spam Reporting Address';

const ZSendgridEvent = z.object({
  /** Every event but an account event (account_status_change) names the address. */
  email: z.string().min(3).max(320).optional(),
  event: z.string().min(1),
  sg_event_id: z.string().min(1).max(200),
  timestamp: z.number(),
  'smtp-id': z.string().optional(),
  /** A bounce's kind: `bounce` (the address was refused) or `blocked` (the message was, for now). */
  type: z.string().optional(),
  status: z.string().max(20).optional(),
  reason: z.string().optional(),
  bounce_classification: z.string().max(60).optional(),
});
const ZSendgridBatch = z.array(ZSendgridEvent).min(1).max(10_000);
type SendgridEvent = z.infer<typeof ZSendgridEvent>;

function effectsOf(event: SendgridEvent): MailEventEffect[] {
  const email = event.email?.trim() ?? '';
  switch (event.event) {
    case 'delivered': {
      const emailId = emailIdOf(event['smtp-id']);
      return emailId ? [{ kind: 'delivered', emailId }] : [];
    }
    case 'bounce':
      // A block is the receiving server refusing this message for now, not the address for good.
      if (event.type === 'blocked') return [];
      return [
        {
          kind: 'suppress',
          email,
          reason: 'bounce',
          detail: detailOf('bounce', event.status, event.bounce_classification),
        },
      ];
    case 'dropped':
      if (event.reason === DROPPED_COMPLAINED)
        return [{ kind: 'suppress', email, reason: 'complaint', detail: detailOf('dropped', event.reason) }];
      if (DROPPED_BOUNCED.includes(event.reason ?? ''))
        return [{ kind: 'suppress', email, reason: 'bounce', detail: detailOf('dropped', event.reason) }];
      return [];
    case 'spamreport':
      return [{ kind: 'suppress', email, reason: 'complaint', detail: 'spamreport' }];
    default:
      return [];
  }
}

/**
 * A SendGrid Event Webhook body (a JSON array of events): each event's effects, or why the whole batch is refused
 * (not JSON, not events, an event that acts on an address without one, or an event of a type SendGrid does not
 * document, named for the log).
 */
export function parseSendgridEvents(body: string): ParsedEvents {
  const parsed = ZSendgridBatch.safeParse(jsonOf(body));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const unknown = parsed.data.find((event) => !(SENDGRID_EVENTS as readonly string[]).includes(event.event));
  if (unknown) return { ok: false, reason: 'unknownEvent', eventType: eventTypeName(unknown.event) };
  if (parsed.data.some((event) => ADDRESSED_EVENTS.includes(event.event) && !event.email?.trim()))
    return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    events: parsed.data.map((event) => ({
      provider: 'sendgrid',
      eventId: event.sg_event_id,
      effects: effectsOf(event),
    })),
  };
}
