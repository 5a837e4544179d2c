import { z } from 'zod';
import { ZDateRangeQuery } from '../api/date-range';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

export const EMAIL_FAILURE_PAGE_SIZES = [10, 25, 50] as const;

export const GET_EMAIL_ANALYTICS_FAILURES = call('GET', '/email-analytics/failures');

/** `GET /email-analytics/failures?page&size&from&to` (administrators): the latest attempt first. */
export const ZEmailFailuresQuery = z.intersection(
  pageQuery({
    sizes: EMAIL_FAILURE_PAGE_SIZES,
    sortFields: ['lastAttemptAt'],
    defaultSort: { field: 'lastAttemptAt', direction: 'desc' },
  }),
  ZDateRangeQuery,
);
export type TEmailFailuresQuery = z.output<typeof ZEmailFailuresQuery>;

/**
 * Whether a failed message can be sent again: `available`; `retried` (it was, once already); `bounced` (the
 * address was refused for good); `expired` (its content was dropped: a security code, or too long ago).
 */
export const RETRY_STATES = ['available', 'retried', 'bounced', 'expired'] as const;
export type TRetryState = (typeof RETRY_STATES)[number];

/** One message that failed for good: `reply` is the mail server's last reply, or the connection error. */
export const ZEmailFailure = z.object({
  id: z.string(),
  lastAttemptAt: z.string(),
  recipient: z.string(),
  template: z.string(),
  language: z.string(),
  attempts: z.number().int(),
  reply: z.string().nullable(),
  bounced: z.boolean(),
  retry: z.enum(RETRY_STATES),
});
export type TEmailFailure = z.infer<typeof ZEmailFailure>;
export const ZEmailFailuresReply = envelope(pageOf(ZEmailFailure));

export const POST_EMAIL_ANALYTICS_FAILURES_RETRY = call('POST', '/email-analytics/failures/:id/retry');

/** `POST /email-analytics/failures/:id/retry`: queues a copy of a failed message. */
export const ZEmailRetryParams = z.object({ id: z.uuid({ error: 'emailAnalytics.retry.notFound' }) });
export const ZEmailRetryReply = envelope(z.unknown());

/** Message keys of the retry's answers. */
export const EMAIL_RETRY_MESSAGES = {
  queued: 'emailAnalytics.retry.queued',
  notFound: 'emailAnalytics.retry.notFound',
  alreadyRetried: 'emailAnalytics.retry.alreadyRetried',
  bounced: 'emailAnalytics.retry.bounced',
  expired: 'emailAnalytics.retry.expired',
} as const;
