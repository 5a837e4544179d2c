import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared/api/paging';
import {
  ALL_HEALTH_SYSTEMS,
  type TVerificationFilter,
} from '@portal/shared/health-system-verification/verification-records';
import { healthSystems, healthSystemVerificationCounts as counts } from '../../../db/schema';
import type { Database, Executor } from '../../../db/client';
import { pageSql, type PageRequest } from '../../../db/paging';
import { inScope, type ParticipantScope } from '../../../security/participant-scope';
import { h, idSet, rowsOf } from '../status-changes-repository';

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

/** The health system a search names, or undefined for every one (`none`). */
const namedSystem = (filter: TVerificationFilter) =>
  filter.healthSystem && filter.healthSystem !== ALL_HEALTH_SYSTEMS ? filter.healthSystem : undefined;

/** The WHERE of a search: a health system (`none`: any) and the IDs, when given, both at once, within the scope. */
function filterOf(filter: TVerificationFilter, scope: ParticipantScope): SQL {
  const system = namedSystem(filter);
  return (
    and(
      system ? eq(h.healthSystem, system) : undefined,
      filter.userIds.length > 0 ? sql`${h.userId} in ${idSet(filter.userIds)}` : undefined,
      inScope(h.healthSystem, scope),
    ) ?? sql`true`
  );
}

/**
 * The user IDs of one page. A search of every health system by a caller scoped to several, sorted by user ID or
 * update time, reads each system's index range on its own, no further than the page's end, and merges them: one
 * condition on the several systems would read all their records and sort them, or walk every system's records
 * in hsv_updated_idx. Sorted by health system, that one condition reads hsv_system_user_idx in order already.
 */
function pageIdsSql(
  filter: TVerificationFilter,
  scope: ParticipantScope,
  page: PageRequest & { sort: SortOrder<SortField> },
): SQL {
  const order = orderBy(page.sort);
  const systems = 'all' in scope ? [] : scope.healthSystems;
  const oneRange =
    namedSystem(filter) || filter.userIds.length > 0 || systems.length < 2 || page.sort.field === 'healthSystem';
  if (oneRange)
    return sql`
      select h.user_id from health_system_verifications h
      where ${filterOf(filter, scope)} order by ${order} ${pageSql(page)}`;
  const pageEnd = (page.page + 1) * page.size;
  const ranges = systems.map(
    (system) => sql`(
      select h.user_id, h.health_system, h.updated_at from health_system_verifications h
      where ${and(eq(h.healthSystem, system), inScope(h.healthSystem, scope))}
      order by ${order} limit ${pageEnd})`,
  );
  return sql`select h.user_id from (${sql.join(ranges, sql` union all `)}) h order by ${order} ${pageSql(page)}`;
}

/**
 * One page of verification records within the caller's scope. The page's IDs are chosen from an index alone (the
 * rows an offset skips are never read); the records, the participant (for withdrawn) and the health system's name
 * are read only for them.
 */
export async function findRecordsPage(
  db: Executor,
  scope: ParticipantScope,
  filter: TVerificationFilter,
  page: PageRequest & { sort: SortOrder<SortField> },
): Promise<RecordRow[]> {
  const order = orderBy(page.sort);
  const result = await db.execute(sql`
    select h.user_id::text as "userId", h.health_system as "healthSystem",
      coalesce(s.name, h.health_system) as "healthSystemName", h.is_verified as "isVerified",
      h.updated_at as "updatedAt", u.status = 'withdrawn' as withdrawn
    from (${pageIdsSql(filter, scope, page)}) p
    join health_system_verifications h on h.user_id = p.user_id
    join users u on u.id = h.user_id
    left join health_systems s on s.database_value = h.health_system
    order by ${order}`);
  return rowsOf<RecordRow>(result);
}

/**
 * How many records a search finds within the caller's scope: the health systems' counts as the trigger keeps
 * them, or the matches of the IDs.
 */
export async function countRecords(
  db: Executor,
  scope: ParticipantScope,
  filter: TVerificationFilter,
): Promise<number> {
  const system = namedSystem(filter);
  const counted = and(system ? eq(counts.healthSystem, system) : undefined, inScope(counts.healthSystem, scope));
  const query =
    filter.userIds.length > 0
      ? sql`select count(*)::int as total from health_system_verifications h where ${filterOf(filter, scope)}`
      : sql`select coalesce(sum(${counts.total}), 0)::int as total from ${counts} where ${counted ?? sql`true`}`;
  return rowsOf<{ total: number }>(await db.execute(query))[0]!.total;
}

/** The onboarded health systems within the caller's scope, active or not, by name. */
export function listHealthSystems(db: Pick<Database, 'select'>, scope: ParticipantScope) {
  return db
    .select({ value: healthSystems.databaseValue, name: healthSystems.name })
    .from(healthSystems)
    .where(inScope(healthSystems.databaseValue, scope))
    .orderBy(asc(healthSystems.name), asc(healthSystems.databaseValue));
}
