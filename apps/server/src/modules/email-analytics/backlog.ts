import {
  OTHER_DOMAINS_KEY,
  PROVIDER_PACE_KEYS,
  SMALL_DOMAIN_WAITING,
  type TMailBacklog,
  type TMailBacklogKey,
} from '@portal/shared/email-analytics/email-backlog';
import { MINUTE_MS } from '@portal/shared/durations';
import type { SendHours } from '../../lib/study-time';
import type { Mailer } from '../../providers/mail/mailer';
import type { PaceBacklogKey } from '../../providers/mail/pacing/pace-backlog';

const latest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));
const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));

/**
 * Emails Insight's backlog: the bulk mail queued now by pace key, with its rate and when it should clear. Domains
 * at the common rate with fewer than `SMALL_DOMAIN_WAITING` e-mails waiting are added up in one row (`*`), so no
 * domain of a few people is named.
 */
export async function mailBacklog(deps: {
  mailer: Pick<Mailer, 'backlog'>;
  now: Date;
  timeZone: string;
  sendHours: SendHours;
}): Promise<TMailBacklog> {
  const { inDowntime, otherPerMinute, keys } = await deps.mailer.backlog();
  const isSmall = (key: PaceBacklogKey) =>
    key.waiting < SMALL_DOMAIN_WAITING &&
    key.perMinute === otherPerMinute &&
    !(PROVIDER_PACE_KEYS as readonly string[]).includes(key.paceKey);
  const small = keys.filter(isSmall);
  const clears = (at: Date) => (inDowntime ? null : at.toISOString());
  const rows: TMailBacklogKey[] = keys
    .filter((key) => !isSmall(key))
    .map((key) => ({
      paceKey: key.paceKey,
      waiting: key.waiting,
      perMinute: key.perMinute,
      clearsAt: clears(key.clearsAt),
    }));
  if (small.length > 0)
    rows.push({
      paceKey: OTHER_DOMAINS_KEY,
      waiting: small.reduce((sum, key) => sum + key.waiting, 0),
      perMinute: otherPerMinute,
      clearsAt: clears(latest(small.map((key) => key.clearsAt))),
    });
  const oldest = keys.length > 0 ? earliest(keys.map((key) => key.oldestQueuedAt)) : null;
  return {
    timeZone: deps.timeZone,
    sendHours: deps.sendHours,
    inDowntime,
    waiting: keys.reduce((sum, key) => sum + key.waiting, 0),
    oldestQueuedAt: oldest?.toISOString() ?? null,
    oldestWaitingMinutes: oldest ? Math.max(0, Math.floor((deps.now.getTime() - oldest.getTime()) / MINUTE_MS)) : null,
    clearsAt: keys.length > 0 ? clears(latest(keys.map((key) => key.clearsAt))) : null,
    keys: rows,
  };
}
