import { z } from 'zod';
import { emailIdOf } from '../../providers/mail/smtp-transport';
import type { MailEventEffect, ParsedEvents } from './events';
import { detailOf, eventTypeName, jsonOf } from './events';

/**
 * Every SES notification or event type; only Bounce (permanent), Complaint and Delivery change anything. SES
 * sends AmazonSnsSubscriptionSucceeded once, when the topic is set up.
 */
const SES_TYPES = [
  'Bounce',
  'Complaint',
  'Delivery',
  'Send',
  'Reject',
  'Open',
  'Click',
  'Rendering Failure',
  'DeliveryDelay',
  'Subscription',
  'AmazonSnsSubscriptionSucceeded',
] as const;

const ZRecipient = z.object({ emailAddress: z.string().min(3).max(320), status: z.string().max(20).optional() });
const ZSesMessage = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  mail: z
    .object({
      messageId: z.string().optional(),
      commonHeaders: z.object({ messageId: z.string().optional() }).optional(),
      headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    })
    .optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().max(40).optional(),
      bouncedRecipients: z.array(ZRecipient).min(1),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(ZRecipient).min(1),
      complaintFeedbackType: z.string().max(40).optional(),
    })
    .optional(),
});
type SesMessage = z.infer<typeof ZSesMessage>;

/**
 * Our Message-ID as SES reports it. SES sends a message under a Message-ID of its own; ours is among the original
 * headers (`mail.headers`, there only with "Include original email headers" on), read first; the common headers'
 * `messageId` is the fallback.
 */
function emailIdOfMail(mail: SesMessage['mail']): string | undefined {
  const header = mail?.headers?.find((h) => h.name.toLowerCase() === 'message-id')?.value;
  return emailIdOf(header) ?? emailIdOf(mail?.commonHeaders?.messageId);
}

function effectsOf(type: string, message: SesMessage): MailEventEffect[] | undefined {
  switch (type) {
    case 'Bounce': {
      if (!message.bounce) return undefined;
      // Transient bounces (a full mailbox, a message too large) may work later: only Permanent suppresses.
      if (message.bounce.bounceType !== 'Permanent') return [];
      const { bounceType, bounceSubType } = message.bounce;
      return message.bounce.bouncedRecipients.map((r) => ({
        kind: 'suppress',
        email: r.emailAddress.trim(),
        reason: 'bounce',
        detail: detailOf(bounceSubType ? `${bounceType}/${bounceSubType}` : bounceType, r.status),
      }));
    }
    case 'Complaint':
      if (!message.complaint) return undefined;
      return message.complaint.complainedRecipients.map((r) => ({
        kind: 'suppress',
        email: r.emailAddress.trim(),
        reason: 'complaint',
        detail: detailOf('complaint', message.complaint?.complaintFeedbackType),
      }));
    case 'Delivery': {
      const emailId = emailIdOfMail(message.mail);
      return emailId ? [{ kind: 'delivered', emailId }] : [];
    }
    default:
      return [];
  }
}

/**
 * The SES message an SNS Notification carries (its `Message`, JSON), as one event under the SNS MessageId: its
 * effects, or why it is refused (not an SES message, or a type SES does not send).
 */
export function parseSesMessage(snsMessageId: string, text: string): ParsedEvents {
  const parsed = ZSesMessage.safeParse(jsonOf(text));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const type = parsed.data.notificationType ?? parsed.data.eventType;
  if (!type) return { ok: false, reason: 'malformed' };
  if (!(SES_TYPES as readonly string[]).includes(type))
    return { ok: false, reason: 'unknownEvent', eventType: eventTypeName(type) };
  const effects = effectsOf(type, parsed.data);
  if (!effects) return { ok: false, reason: 'malformed' };
  return { ok: true, events: [{ provider: 'ses', eventId: snsMessageId, effects }] };
}
