import { and, count, eq, min } from 'drizzle-orm';
import { DAY_MS, MINUTE_MS } from '@portal/shared/durations';
import type { Database } from '../../../db/client';
import { emailMessages } from '../../../db/schema';
import { MAIL_PRIORITY } from '../ledger';
import { rateOf, type PaceRates } from './pace-rates';

/** Bulk mail waiting under one pace key. */
export interface PaceBacklogKey {
  paceKey: string;
  waiting: number;
  perMinute: number;
  /** When the oldest of them was queued. */
  oldestQueuedAt: Date;
  /** When the last of them should have left at the key's rate, within the hours bulk mail leaves. */
  clearsAt: Date;
}

/**
 * Local hours change only on a quarter hour of UTC in every time zone (offsets are whole quarters), so whether
 * bulk mail may leave is the same through each quarter.
 */
const QUARTER_MS = 15 * MINUTE_MS;
/** How far ahead a clearing time is looked for: beyond, the hours never open (not a real configuration). */
const LOOK_AHEAD_MS = 400 * DAY_MS;

/**
 * When `minutes` minutes of sending, starting at `now`, end, counting only the time in which `open` says bulk mail
 * may leave (the study's daytime): a backlog left at the end of the day goes on the next morning.
 */
export function clearingTime(now: Date, minutes: number, open: (at: Date) => boolean): Date {
  let at = now.getTime();
  let left = minutes * MINUTE_MS;
  while (left > 0 && at - now.getTime() < LOOK_AHEAD_MS) {
    const quarterEnd = (Math.floor(at / QUARTER_MS) + 1) * QUARTER_MS;
    if (open(new Date(at))) {
      if (left <= quarterEnd - at) return new Date(at + left);
      left -= quarterEnd - at;
    }
    at = quarterEnd;
  }
  return new Date(at);
}

/**
 * The bulk mail queued now, by pace key (the longest backlog first): how many, the key's rate, since when, and when
 * it should clear: after ceil(waiting / rate) minutes of sending within the hours `open` allows.
 */
export async function readPaceBacklog(
  db: Pick<Database, 'select'>,
  now: Date,
  pace: { rates: PaceRates; open: (at: Date) => boolean },
): Promise<PaceBacklogKey[]> {
  const rows = await db
    .select({ paceKey: emailMessages.paceKey, waiting: count(), oldestQueuedAt: min(emailMessages.createdAt) })
    .from(emailMessages)
    .where(and(eq(emailMessages.status, 'queued'), eq(emailMessages.priority, MAIL_PRIORITY.bulk)))
    .groupBy(emailMessages.paceKey);
  return rows
    .map((row) => {
      const perMinute = rateOf(pace.rates, row.paceKey);
      return {
        paceKey: row.paceKey,
        waiting: row.waiting,
        perMinute,
        oldestQueuedAt: row.oldestQueuedAt!,
        clearsAt: clearingTime(now, Math.ceil(row.waiting / perMinute), pace.open),
      };
    })
    .sort((a, b) => b.waiting - a.waiting || a.paceKey.localeCompare(b.paceKey));
}
