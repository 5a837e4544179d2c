import { lt, sql } from 'drizzle-orm';
import { MINUTE_MS } from '@portal/shared/durations';
import type { Database } from '../../../db/client';
import { mailPace } from '../../../db/schema';
import { claimDue, MAIL_PRIORITY, type ClaimedMail } from '../ledger';

/** The minute of `now` that grants are counted in: minutes since the epoch. */
export const minuteOf = (now: Date) => Math.floor(now.getTime() / MINUTE_MS);

/** How many minutes of grants are kept: only the current minute's count, the rest is for a look when asked why. */
const GRANTS_KEPT_MINUTES = 60;

/**
 * Claims up to `ask` due bulk messages of `paceKey` (among `ids` if given) within what the key has left of
 * `perMinute` in the current minute, counted across every server process. The key's row of the minute in
 * `mail_pace` stays locked from reading the count until the claim is added to it, so processes take turns per key
 * and the count is exactly what was claimed: none is over the rate, none is given back.
 */
export async function claimPaced(
  db: Database,
  now: Date,
  take: { paceKey: string; ask: number; perMinute: number; ids?: string[] },
): Promise<ClaimedMail[]> {
  const minute = minuteOf(now);
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      insert into mail_pace (pace_key, minute, granted) values (${take.paceKey}, ${minute}, 0)
      on conflict (pace_key, minute) do update set granted = mail_pace.granted
      returning granted`);
    const [{ granted }] = (result as unknown as { rows: [{ granted: number }] }).rows;
    const room = Math.min(take.ask, take.perMinute - granted);
    if (room <= 0) return [];
    const claimed = await claimDue(tx, now, {
      priorities: [MAIL_PRIORITY.bulk],
      paceKey: take.paceKey,
      ids: take.ids,
      limit: room,
    });
    if (claimed.length > 0)
      await tx.execute(sql`
        update mail_pace set granted = granted + ${claimed.length}
        where pace_key = ${take.paceKey} and minute = ${minute}`);
    return claimed;
  });
}

/** Deletes the grants of minutes more than an hour before `now`. */
export async function forgetOldGrants(db: Pick<Database, 'delete'>, now: Date) {
  await db.delete(mailPace).where(lt(mailPace.minute, minuteOf(now) - GRANTS_KEPT_MINUTES));
}
