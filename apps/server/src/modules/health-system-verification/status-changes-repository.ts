import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { verificationBatches } from '../../db/schema';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A list as ONE array parameter (`${uuidArray(ids)}`), so 100,000 IDs are one query with one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${sql.param(ids)}::uuid[]`;
/**
 * The IDs as a set to test with `in`: read as rows, so PostgreSQL probes the index once per ID (or hashes them),
 * where `= any(array)` would compare each row with the whole array.
 */
export const idSet = (ids: readonly string[]) => sql`(select unnest(${uuidArray(ids)}))`;

/** Why an ID of an update is left out: no record (of the health system, when scoped), or the participant withdrew. */
export interface IdIssue {
  userId: string;
  reason: 'notFound' | 'withdrawn';
}

/** Orders ID issues (or anything with a user ID) by that ID, as the database orders them. */
export const byUserId = (a: { userId: string }, b: { userId: string }) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/**
 * The IDs of `userIds` (lower-case UUIDs) whose record cannot be changed: there is none (or, with `healthSystem`,
 * only one of another health system), or its participant withdrew. Sorted by ID.
 */
export async function findIdIssues(
  db: Executor,
  userIds: readonly string[],
  scope?: { healthSystem: string },
): Promise<IdIssue[]> {
  if (userIds.length === 0) return [];
  const ofSystem = scope ? sql`and h.health_system = ${scope.healthSystem}` : sql``;
  const result = await db.execute(sql`
    select t.id::text as "userId", case when h.user_id is null then 'notFound' else 'withdrawn' end as reason
    from (select distinct id from unnest(${uuidArray(userIds)}) as ids(id)) t
    left join health_system_verifications h on h.user_id = t.id ${ofSystem}
    left join users u on u.id = h.user_id
    where h.user_id is null or u.status = 'withdrawn'
    order by t.id`);
  return rowsOf<IdIssue>(result);
}

export interface BatchValues {
  source: 'single' | 'bulk' | 'push';
  actorId?: string;
  apiKeyId?: string;
  /** How many IDs the request named. */
  requested: number;
  /** The IDs left out, with why. */
  skipped: { userId: string; reason: string }[];
}

/**
 * Thrown when a record the caller locked and checked could not be set after all (its participant withdrew in
 * the moment between): the transaction is rolled back, so no batch is ever saved in part.
 */
export class RecordsChangedMeanwhile extends Error {
  constructor() {
    super('verification records changed while the update ran');
  }
}

/**
 * Locks the records of `userIds` (so no other update changes them until the transaction ends), then answers
 * the IDs among them that cannot be changed (`findIdIssues`, read after the locks are held).
 */
export async function lockAndFindIdIssues(
  tx: Transaction,
  userIds: readonly string[],
  scope?: { healthSystem: string },
): Promise<IdIssue[]> {
  await lockRecords(tx, sql`user_id in ${idSet(userIds)}`);
  return findIdIssues(tx, userIds, scope);
}

/**
 * Records a batch and sets `statuses[i]` on the record of `userIds[i]`, in `tx`, after `lockAndFindIdIssues`
 * found no issue among them: each record gets a `verification_changes` row with the status it had and the one
 * it gets, and points at it (`last_change_id`). For a repeated ID the last status counts. The batch's status is
 * the one status all changes set, or null when they differ. Throws `RecordsChangedMeanwhile` unless every
 * record was set.
 */
export async function applyStatusChanges(
  tx: Transaction,
  batch: BatchValues,
  changes: { userIds: readonly string[]; statuses: readonly boolean[] },
  now: Date,
): Promise<{ batchId: string; applied: number }> {
  const distinct = new Set(changes.statuses);
  const batchId = await insertBatch(tx, {
    source: batch.source,
    status: distinct.size === 1 ? changes.statuses[0]! : null,
    actorId: batch.actorId,
    apiKeyId: batch.apiKeyId,
    requested: batch.requested,
    skipped: batch.skipped,
    createdAt: now,
  });
  const applied = await writeChanges(tx, batchId, changes, now, batch.actorId ?? null);
  if (applied !== new Set(changes.userIds).size) throw new RecordsChangedMeanwhile();
  await setApplied(tx, batchId, applied);
  return { batchId, applied };
}

/** Records a batch (its applied count 0 until `setApplied`); answers its id. */
export async function insertBatch(
  tx: Transaction,
  values: Omit<typeof verificationBatches.$inferInsert, 'applied'>,
): Promise<string> {
  const [row] = await tx
    .insert(verificationBatches)
    .values({ ...values, applied: 0 })
    .returning({ id: verificationBatches.id });
  return row!.id;
}

export async function setApplied(tx: Transaction, batchId: string, applied: number) {
  await tx.update(verificationBatches).set({ applied }).where(eq(verificationBatches.id, batchId));
}

/**
 * Locks the records `where` selects, in user ID order, until the transaction ends: two batches over the same
 * records never deadlock; the later one waits, then reads (and records as old) the status the earlier one set.
 */
export async function lockRecords(tx: Transaction, where: SQL) {
  await tx.execute(sql`
    select count(*) from (
      select 1 from health_system_verifications where ${where}
      order by user_id for update
    ) locked`);
}

/**
 * Writes the changes of a batch and sets the records (of participants still in the study), answering how many
 * were set; the caller has locked them (`lockRecords`). Set-based: two array parameters, whatever the number of
 * records.
 */
export async function writeChanges(
  tx: Transaction,
  batchId: string,
  changes: { userIds: readonly string[]; statuses: readonly (boolean | null)[] },
  now: Date,
  updatedBy: string | null,
): Promise<number> {
  if (changes.userIds.length === 0) return 0;
  const result = await tx.execute(sql`
    with input as (
      select distinct on (user_id) user_id, status
      from unnest(${uuidArray(changes.userIds)}, ${sql.param(changes.statuses)}::boolean[])
        with ordinality as t(user_id, status, ord)
      order by user_id, ord desc
    ),
    changed as (
      insert into verification_changes (batch_id, user_id, old_status, new_status, at)
      select ${batchId}::uuid, h.user_id, h.is_verified, i.status, ${now}
      from input i
      join health_system_verifications h on h.user_id = i.user_id
      join users u on u.id = h.user_id and u.status <> 'withdrawn'
      order by h.user_id
      returning id, user_id, new_status
    ),
    updated as (
      update health_system_verifications h
      set is_verified = c.new_status, updated_at = ${now}, updated_by = ${updatedBy}::uuid, last_change_id = c.id
      from changed c where h.user_id = c.user_id
      returning 1
    )
    select count(*)::int as applied from updated`);
  return rowsOf<{ applied: number }>(result)[0]!.applied;
}
