import { asc, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared/api/paging';
import {
  ALL_HEALTH_SYSTEMS,
  type TVerificationFilter,
} from '@portal/shared/health-system-verification/verification-records';
import { healthSystems } from '../../../db/schema';
import type { Database, Executor } from '../../../db/client';
import { pageSql } from '../../../db/paging';
import { idSet, rowsOf } from '../status-changes-repository';

type SortField = 'userId' | 'healthSystem' | 'updatedAt';

export interface RecordRow {
  userId: string;
  healthSystem: string;
  healthSystemName: string;
  isVerified: boolean | null;
  updatedAt: string | Date;
  withdrawn: boolean;
}

/**
 * The ORDER BY of each sort, the user ID breaking ties in the same direction, so a health system's page reads
 * hsv_system_updated_idx or hsv_system_user_idx, and all records' hsv_updated_idx, hsv_system_user_idx or the
 * primary key, in either direction, without sorting.
 */
function orderBy(sort: SortOrder<SortField>): SQL {
  const dir = sql.raw(sort.direction);
  if (sort.field === 'userId') return sql`h.user_id ${dir}`;
  if (sort.field === 'healthSystem') return sql`h.health_system ${dir}, h.user_id ${dir}`;
  return sql`h.updated_at ${dir}, h.user_id ${dir}`;
}

/** The WHERE of a search: a health system (`none`: any) and the IDs, when given, both at once. */
function filterOf(filter: TVerificationFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.healthSystem && filter.healthSystem !== ALL_HEALTH_SYSTEMS)
    conditions.push(sql`h.health_system = ${filter.healthSystem}`);
  if (filter.userIds.length > 0) conditions.push(sql`h.user_id in ${idSet(filter.userIds)}`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * One page of verification records. The page's IDs are chosen from an index alone (the rows an offset skips are
 * never read); the records, the participant (for withdrawn) and the health system's name are read only for them.
 */
export async function findRecordsPage(
  db: Executor,
  filter: TVerificationFilter,
  page: { page: number; size: number; sort: SortOrder<SortField> },
): Promise<RecordRow[]> {
  const order = orderBy(page.sort);
  const result = await db.execute(sql`
    select h.user_id::text as "userId", h.health_system as "healthSystem",
      coalesce(s.name, h.health_system) as "healthSystemName", h.is_verified as "isVerified",
      h.updated_at as "updatedAt", u.status = 'withdrawn' as withdrawn
    from (
      select h.user_id from health_system_verifications h
      where ${filterOf(filter)}
      order by ${order}
      ${pageSql(page)}
    ) p
    join health_system_verifications h on h.user_id = p.user_id
    join users u on u.id = h.user_id
    left join health_systems s on s.database_value = h.health_system
    order by ${order}`);
  return rowsOf<RecordRow>(result);
}

/**
 * How many records a search finds: a health system's count (or the sum of all) as the trigger keeps it, or the
 * matches of the IDs.
 */
export async function countRecords(db: Executor, filter: TVerificationFilter): Promise<number> {
  const everySystem = !filter.healthSystem || filter.healthSystem === ALL_HEALTH_SYSTEMS;
  const query =
    filter.userIds.length > 0
      ? sql`select count(*)::int as total from health_system_verifications h where ${filterOf(filter)}`
      : everySystem
        ? sql`select coalesce(sum(total), 0)::int as total from health_system_verification_counts`
        : sql`select coalesce(sum(total), 0)::int as total from health_system_verification_counts
            where health_system = ${filter.healthSystem}`;
  return rowsOf<{ total: number }>(await db.execute(query))[0]!.total;
}

/** Every onboarded health system, active or not, by name. */
export function listHealthSystems(db: Pick<Database, 'select'>) {
  return db
    .select({ value: healthSystems.databaseValue, name: healthSystems.name })
    .from(healthSystems)
    .orderBy(asc(healthSystems.name), asc(healthSystems.databaseValue));
}
