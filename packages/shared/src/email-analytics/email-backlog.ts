import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_EMAIL_ANALYTICS_BACKLOG = call('GET', '/email-analytics/backlog');

/** The pace keys of the large providers, whose domains share one rate; any other key is a domain. */
export const PROVIDER_PACE_KEYS = ['microsoft', 'yahoo', 'google'] as const;
export type TProviderPaceKey = (typeof PROVIDER_PACE_KEYS)[number];

/** The key of the row that adds up the domains with only a few e-mails waiting each (`SMALL_DOMAIN_WAITING`). */
export const OTHER_DOMAINS_KEY = '*';
/**
 * A domain with fewer e-mails waiting is counted in the other domains' row rather than named: a domain of a few
 * recipients (a family's own) could point at a person.
 */
export const SMALL_DOMAIN_WAITING = 5;

/**
 * Bulk mail (reminders, invitations, news) waiting under one pace key: a provider (microsoft, yahoo, google), a
 * domain, or `*` for the other domains together. `perMinute` is the key's rate (for `*`, each domain's);
 * `clearsAt` when the last of them should have left at that rate within the hours bulk mail leaves (null while
 * downtime holds bulk mail back).
 */
export const ZMailBacklogKey = z.object({
  paceKey: z.string(),
  waiting: z.number().int(),
  perMinute: z.number().int(),
  clearsAt: z.string().nullable(),
});
export type TMailBacklogKey = z.infer<typeof ZMailBacklogKey>;

/**
 * `GET /email-analytics/backlog`: the bulk mail queued now, the longest backlog first. `oldestQueuedAt` and
 * `oldestWaitingMinutes` are those of the message waiting longest; `clearsAt` is when the whole backlog should
 * have left (the keys send side by side). Bulk mail leaves only from `sendHours.from` to `sendHours.to` o'clock in
 * `timeZone`, and not during downtime.
 */
export const ZMailBacklog = z.object({
  timeZone: z.string(),
  sendHours: z.object({ from: z.number().int(), to: z.number().int() }),
  inDowntime: z.boolean(),
  waiting: z.number().int(),
  oldestQueuedAt: z.string().nullable(),
  oldestWaitingMinutes: z.number().int().nullable(),
  clearsAt: z.string().nullable(),
  keys: z.array(ZMailBacklogKey),
});
export type TMailBacklog = z.infer<typeof ZMailBacklog>;
export const ZMailBacklogReply = envelope(ZMailBacklog);
