import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared/api/paging';
import type { TSettingKey } from '@portal/shared/settings/setting-changes';
import type { Database } from '../../../db/client';
import { onePage } from '../../../db/paging';
import { auditLog, users } from '../../../db/schema';
import { SETTING_CHANGED } from '../../../db/setting-changes';

/** Survey period changes saved before every setting shared one audit action, kept as `{ from, to }` in days. */
export const EARLIER_SURVEY_PERIOD_CHANGE = 'survey-period.updated';

const ofSetting = (setting: TSettingKey) => {
  const changed = and(eq(auditLog.action, SETTING_CHANGED), sql`${auditLog.details} ->> 'setting' = ${setting}`);
  return setting === 'survey-period' ? or(changed, eq(auditLog.action, EARLIER_SURVEY_PERIOD_CHANGE)) : changed;
};

/** One page of a setting's changes with the e-mail of the administrator who made each. */
export async function listSettingChanges(
  db: Pick<Database, 'select'>,
  query: { setting: TSettingKey; page: number; size: number; sort: SortOrder<'changedAt'> },
) {
  const order = query.sort.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          details: auditLog.details,
          changedBy: users.email,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(ofSetting(query.setting))
        .orderBy(order(auditLog.at), order(auditLog.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(auditLog).where(ofSetting(query.setting)),
  ]);
  return { rows, total: total?.total ?? 0 };
}
