import { sql } from 'drizzle-orm';
import type { TDateRange } from '@portal/shared/api/date-range';
import { NOT_SENT_REASONS, type TNotSent } from '@portal/shared/email-analytics/email-summary';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { studyRangeBounds } from '../../db/study-days';

/**
 * Why e-mails of the range were not sent: messages created in it and held back, by their reason, and reminders
 * that fell due in it and were skipped before any message was written, by theirs. Known reasons first, in
 * `NOT_SENT_REASONS`' order, then any other by name.
 */
export async function countNotSent(
  db: Pick<Database, 'execute'>,
  range: TDateRange,
  timeZone: string,
): Promise<TNotSent[]> {
  const { start, end } = studyRangeBounds(range, timeZone);
  const result = await db.execute(sql`
    select reason, sum(suppressed)::int as "suppressed", sum(skipped)::int as "remindersSkipped"
    from (
      select coalesce(suppressed_reason, 'other') as reason, 1 as suppressed, 0 as skipped
      from email_messages
      where status = 'suppressed' and created_at >= ${start} and created_at < ${end}
      union all
      select skipped_reason, 0, 1
      from reminder_dispatches
      where skipped_reason is not null and created_at >= ${start} and created_at < ${end}
    ) held
    group by reason`);
  const order = (reason: string) => {
    const index = (NOT_SENT_REASONS as readonly string[]).indexOf(reason);
    return index === -1 ? NOT_SENT_REASONS.length : index;
  };
  return rowsOf<TNotSent>(result).sort((a, b) => order(a.reason) - order(b.reason) || a.reason.localeCompare(b.reason));
}
