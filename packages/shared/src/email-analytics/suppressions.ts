import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

export const SUPPRESSION_PAGE_SIZES = [10, 25, 50] as const;

/** Why an address is on the suppression list: a hard bounce, or a complaint (marked as spam). */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type TSuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The mail providers whose delivery events the portal takes in. */
export const MAIL_PROVIDERS = ['sendgrid', 'ses'] as const;
export type TMailProvider = (typeof MAIL_PROVIDERS)[number];

export const GET_EMAIL_SUPPRESSIONS = call('GET', '/email-analytics/suppressions');

/** `GET /email-analytics/suppressions?page&size` (administrators): the entries in force, the newest first. */
export const ZSuppressionsQuery = pageQuery({
  sizes: SUPPRESSION_PAGE_SIZES,
  sortFields: ['createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  defaultSize: SUPPRESSION_PAGE_SIZES[0],
});
export type TSuppressionsQuery = z.output<typeof ZSuppressionsQuery>;

/** One address no mail but account and security mail goes to, since `createdAt`. */
export const ZSuppression = z.object({
  id: z.string(),
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  provider: z.enum(MAIL_PROVIDERS),
  /** What the provider said (a bounce's status and type, a complaint's kind), never the message. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type TSuppression = z.infer<typeof ZSuppression>;
export const ZSuppressionsReply = envelope(pageOf(ZSuppression));

export const POST_EMAIL_SUPPRESSION_LIFT = call('POST', '/email-analytics/suppressions/:id/lift');

/** `POST /email-analytics/suppressions/:id/lift`: mail of every category may go to the address again. */
export const ZSuppressionLiftParams = z.object({ id: z.uuid({ error: 'emailAnalytics.suppressions.notFound' }) });
export const ZSuppressionLiftReply = envelope(z.unknown());

/** Message keys of the lift's answers. */
export const SUPPRESSION_MESSAGES = {
  lifted: 'emailAnalytics.suppressions.lifted',
  notFound: 'emailAnalytics.suppressions.notFound',
  alreadyLifted: 'emailAnalytics.suppressions.alreadyLifted',
} as const;

/** The delivery-event webhooks of the mail providers: public, each checked by the provider's own signature. */
export const POST_MAIL_EVENTS_SENDGRID = call('POST', '/mail-events/sendgrid');
export const POST_MAIL_EVENTS_SES = call('POST', '/mail-events/ses');

/** Message keys of the webhooks' answers (read by the provider's logs, so in English unless a cookie says else). */
export const MAIL_EVENT_MESSAGES = {
  taken: 'mailEvents.taken',
  alreadyTaken: 'mailEvents.alreadyTaken',
  subscribed: 'mailEvents.subscribed',
  notConfigured: 'mailEvents.notConfigured',
  unsigned: 'mailEvents.unsigned',
  badSignature: 'mailEvents.badSignature',
  stale: 'mailEvents.stale',
  malformed: 'mailEvents.malformed',
  unknownEvent: 'mailEvents.unknownEvent',
  certificateUrl: 'mailEvents.certificateUrl',
  certificateUnavailable: 'mailEvents.certificateUnavailable',
  subscribeUrl: 'mailEvents.subscribeUrl',
  subscribeFailed: 'mailEvents.subscribeFailed',
  topic: 'mailEvents.topic',
} as const;
export const ZMailEventReply = envelope(z.unknown());
