import { and, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client';
import { healthSystemVerifications, verificationBatches } from '../../db/schema';
import { inScope, type ParticipantScope } from '../../security/participant-scope';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A list as ONE array parameter (`${uuidArray(ids)}`), so 100,000 IDs are one query with one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${sql.param(ids)}::uuid[]`;
/**
 * The IDs as a set to test with `in`: read as rows, so PostgreSQL probes the index once per ID (or hashes them),
 * where `= any(array)` would compare each row with the whole array.
 */
export const idSet = (ids: readonly string[]) => sql`(select unnest(${uuidArray(ids)}))`;

/** Why an ID of an update is left out: no record (within the caller's scope), or the participant withdrew. */
export interface IdIssue {
  userId: string;
  reason: 'notFound' | 'withdrawn';
}

/** Orders ID issues (or anything with a user ID) by that ID, as the database orders them. */
export const byUserId = (a: { userId: string }, b: { userId: string }) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/** The reasons of a batch's left-out IDs that name a record (the others name none the caller may see). */
export const RECORD_REASONS = ['withdrawn', 'changedSince'] as const;

/** The records' columns as `h.…`, the alias the queries give `health_system_verifications`. */
export const h = alias(healthSystemVerifications, 'h');

/**
 * The IDs of `userIds` (lower-case UUIDs) whose record cannot be changed: there is none in the scope (one of
 * another health system is not found, exactly like an ID no one has), or its participant withdrew. Sorted by ID.
 */
export async function findIdIssues(
  db: Executor,
  scope: ParticipantScope,
  userIds: readonly string[],
): Promise<IdIssue[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute(sql`
    select t.id::text as "userId", case when h.user_id is null then 'notFound' else 'withdrawn' end as reason
    from (select distinct id from unnest(${uuidArray(userIds)}) as ids(id)) t
    left join health_system_verifications h on ${and(sql`h.user_id = t.id`, inScope(h.healthSystem, scope))}
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
 * Locks the records of `userIds` within the scope (so no other update changes them until the transaction ends),
 * then answers the IDs among them that cannot be changed (`findIdIssues`, read after the locks are held).
 */
export async function lockAndFindIdIssues(
  tx: Transaction,
  scope: ParticipantScope,
  userIds: readonly string[],
): Promise<IdIssue[]> {
  await lockRecords(
    tx,
    and(sql`user_id in ${idSet(userIds)}`, inScope(healthSystemVerifications.healthSystem, scope))!,
  );
  return findIdIssues(tx, scope, userIds);
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
  const written = await writeChanges(tx, batchId, changes, now, batch.actorId ?? null);
  if (written.applied !== new Set(changes.userIds).size) throw new RecordsChangedMeanwhile();
  await finishBatch(tx, batchId, written);
  return { batchId, applied: written.applied };
}

/** Records a batch (its applied count 0 until `finishBatch`); answers its id. */
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

/**
 * Sets a batch's applied count and the health systems of the participants it names: the records it set
 * (`written.healthSystems`) and those it left out for a reason that names a record (`RECORD_REASONS`).
 */
export async function finishBatch(tx: Transaction, batchId: string, written: WrittenChanges) {
  await tx.execute(sql`
    update verification_batches b set applied = ${written.applied},
      health_systems = array(
        select unnest(${sql.param(written.healthSystems)}::varchar[])
        union
        select h.health_system from jsonb_array_elements(b.skipped) s
        join health_system_verifications h on h.user_id = case
          when s ->> 'reason' = any(${sql.param(RECORD_REASONS)}::text[]) then (s ->> 'userId')::uuid end
        order by 1)
    where b.id = ${batchId}::uuid`);
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

/** How many records a batch set, and their health systems. */
export interface WrittenChanges {
  applied: number;
  healthSystems: string[];
}

/**
 * Writes the changes of a batch and sets the records (of participants still in the study), answering how many
 * were set and of which health systems; the caller has locked them (`lockRecords`). Set-based: two array
 * parameters, whatever the number of records.
 */
export async function writeChanges(
  tx: Transaction,
  batchId: string,
  changes: { userIds: readonly string[]; statuses: readonly (boolean | null)[] },
  now: Date,
  updatedBy: string | null,
): Promise<WrittenChanges> {
  if (changes.userIds.length === 0) return { applied: 0, healthSystems: [] };
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
      returning h.health_system
    )
    select count(*)::int as applied,
      coalesce(array_agg(distinct health_system order by health_system), '{}') as "healthSystems"
    from updated`);
  return rowsOf<WrittenChanges>(result)[0]!;
}
