import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { TBasicInfo } from '@portal/shared/health-systems/health-system-info';
import type { Database } from '../../db/client';
import { healthSystems, users } from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const systemColumns = {
  id: healthSystems.id,
  name: healthSystems.name,
  description: healthSystems.description,
  databaseValue: healthSystems.databaseValue,
  dropdownLabels: healthSystems.dropdownLabels,
  isActive: healthSystems.isActive,
  onboardedOn: healthSystems.onboardedOn,
  revision: healthSystems.revision,
};

export async function findSystem(db: Executor, id: string) {
  const [row] = await db.select(systemColumns).from(healthSystems).where(eq(healthSystems.id, id)).limit(1);
  return row;
}
export type SystemRow = NonNullable<Awaited<ReturnType<typeof findSystem>>>;

/** The system's row, locked until the transaction ends: changes of one system run one after the other. */
export async function lockSystem(tx: Executor, id: string) {
  const [row] = await tx
    .select(systemColumns)
    .from(healthSystems)
    .where(eq(healthSystems.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** Whether another system has this name, compared case-insensitively. */
export async function nameTaken(db: Executor, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: healthSystems.id })
    .from(healthSystems)
    .where(
      and(sql`lower(${healthSystems.name}) = lower(${name})`, exceptId ? ne(healthSystems.id, exceptId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether a system already uses this database value, compared case-insensitively. */
export async function databaseValueTaken(db: Executor, databaseValue: string) {
  const [row] = await db
    .select({ id: healthSystems.id })
    .from(healthSystems)
    .where(sql`lower(${healthSystems.databaseValue}) = lower(${databaseValue})`)
    .limit(1);
  return Boolean(row);
}

export async function insertSystem(tx: Executor, system: typeof healthSystems.$inferInsert) {
  const [row] = await tx
    .insert(healthSystems)
    .values(system)
    .returning({ id: healthSystems.id, revision: healthSystems.revision });
  return row!;
}

export interface SystemChanges extends Partial<TBasicInfo> {
  dropdownLabels?: Record<string, string>;
  isActive?: boolean;
}

/** Applies a change of the system (possibly none but its forms'), counting its revision up; the new revision. */
export async function recordSystemChange(tx: Executor, id: string, changes: SystemChanges, at: Date) {
  const [row] = await tx
    .update(healthSystems)
    .set({ ...changes, updatedAt: at, revision: sql`${healthSystems.revision} + 1` })
    .where(eq(healthSystems.id, id))
    .returning({ revision: healthSystems.revision });
  return row!.revision;
}

/**
 * A page of systems with their registered participants who have not withdrawn, counted per row from the index
 * on users' health system (administrators have none).
 */
export function findOverviewPage(
  db: Executor,
  query: { page: number; size: number; sort: { field: 'name' | 'onboardedOn'; direction: 'asc' | 'desc' } },
) {
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const order =
    query.sort.field === 'name' ? direction(sql`lower(${healthSystems.name})`) : direction(healthSystems.onboardedOn);
  return db
    .select({
      ...systemColumns,
      count:
        sql<number>`(select count(*) from ${users} where ${users.healthSystem} = ${healthSystems.databaseValue} and ${users.status} <> 'withdrawn')`.mapWith(
          Number,
        ),
    })
    .from(healthSystems)
    .orderBy(order, asc(healthSystems.id))
    .limit(query.size)
    .offset(query.page * query.size);
}

export async function countSystems(db: Executor) {
  const [row] = await db.select({ total: count() }).from(healthSystems);
  return row?.total ?? 0;
}
