import { sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '@portal/shared/api/paging';
import type { Executor, Transaction } from '../../../db/client';
import { pageSql } from '../../../db/paging';
import type { ParticipantScope } from '../../../security/participant-scope';
import { lockRecords, rowsOf } from '../status-changes-repository';

/** The batches the history shows: bulk updates, pushes and undos (a single edit is not one). */
const LISTED = sql`b.source in ('bulk', 'push', 'undo')`;

/**
 * The batches (as `b`) a caller may see: every one, or for a scoped caller those naming participants of their
 * health systems only. Each participant a batch names (in its result file, its counts, who made it) is then
 * theirs; their own batches stay theirs while those systems do, and one naming no participant is nobody's.
 */
function visibleTo(scope: ParticipantScope): SQL {
  if ('all' in scope) return sql`true`;
  return sql`cardinality(b.health_systems) > 0
    and b.health_systems <@ ${sql.param([...scope.healthSystems])}::varchar[]`;
}

export interface BatchRow {
  id: string;
  source: string;
  status: boolean | null;
  createdAt: string | Date;
  actorEmail: string | null;
  keyLabel: string | null;
  keySystemName: string | null;
  requested: number;
  applied: number;
  skipped: number;
  undoneAt: string | Date | null;
  undoneBy: string | null;
}

/**
 * One page of the history the caller may see, by creation time (ties by id), with who made and who undid each
 * batch.
 */
export async function listBatches(
  db: Executor,
  scope: ParticipantScope,
  page: { page: number; size: number; direction: SortDirection },
): Promise<{ rows: BatchRow[]; total: number }> {
  const dir = sql.raw(page.direction);
  const where = sql`${LISTED} and ${visibleTo(scope)}`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select b.id::text as id, b.source, b.status, b.created_at as "createdAt", actor.email as "actorEmail",
        k.label as "keyLabel", coalesce(s.name, k.health_system) as "keySystemName", b.requested, b.applied,
        jsonb_array_length(b.skipped) as skipped, b.undone_at as "undoneAt", undoer.email as "undoneBy"
      from (
        select * from verification_batches b where ${where}
        order by b.created_at ${dir}, b.id ${dir} ${pageSql(page)}
      ) b
      left join users actor on actor.id = b.actor_id
      left join users undoer on undoer.id = b.undone_by
      left join health_system_api_keys k on k.id = b.api_key_id
      left join health_systems s on s.database_value = k.health_system
      order by b.created_at ${dir}, b.id ${dir}`),
    db.execute(sql`select count(*)::int as total from verification_batches b where ${where}`),
  ]);
  return { rows: rowsOf<BatchRow>(rows), total: rowsOf<{ total: number }>(totals)[0]!.total };
}

export interface BatchHead {
  id: string;
  source: string;
  createdAt: Date;
  undoneAt: Date | null;
  skipped: { userId: string; reason: string }[];
}

const toHead = (row: Record<string, unknown>): BatchHead => ({
  id: row.id as string,
  source: row.source as string,
  createdAt: new Date(row.createdAt as string),
  undoneAt: row.undoneAt ? new Date(row.undoneAt as string) : null,
  skipped: row.skipped as BatchHead['skipped'],
});

/**
 * A batch the caller may see, or undefined (one they may not is unknown); `lock` holds it until the transaction
 * ends, so two undos of it run one after the other.
 */
export async function findBatch(
  db: Executor,
  scope: ParticipantScope,
  id: string,
  lock = false,
): Promise<BatchHead | undefined> {
  const result = await db.execute(sql`
    select b.id::text as id, b.source, b.created_at as "createdAt", b.undone_at as "undoneAt", b.skipped
    from verification_batches b where b.id = ${id}::uuid and ${visibleTo(scope)} ${lock ? sql`for update` : sql``}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return row && toHead(row);
}

export interface ChangeRow {
  userId: string;
  oldStatus: boolean | null;
  newStatus: boolean | null;
}

/** The changes a batch made, by user ID. */
export async function findBatchChanges(db: Executor, batchId: string): Promise<ChangeRow[]> {
  const result = await db.execute(sql`
    select user_id::text as "userId", old_status as "oldStatus", new_status as "newStatus"
    from verification_changes where batch_id = ${batchId}::uuid order by user_id`);
  return rowsOf<ChangeRow>(result);
}

/**
 * What an undo of a batch does, read with the batch's records locked in user ID order: each record whose newest
 * change is still the batch's goes back to the status it had (`restore`); the others are kept as they are now,
 * because a later change touched them or the participant withdrew.
 */
export async function planUndo(tx: Transaction, batchId: string) {
  await lockRecords(tx, sql`user_id in (select user_id from verification_changes where batch_id = ${batchId}::uuid)`);
  const result = await tx.execute(sql`
    select c.user_id::text as "userId", c.old_status as "oldStatus",
      case when u.status = 'withdrawn' then 'withdrawn'
        when h.last_change_id = c.id then null else 'changedSince' end as kept
    from verification_changes c
    join health_system_verifications h on h.user_id = c.user_id
    join users u on u.id = c.user_id
    where c.batch_id = ${batchId}::uuid
    order by c.user_id`);
  const rows = rowsOf<{ userId: string; oldStatus: boolean | null; kept: string | null }>(result);
  return {
    requested: rows.length,
    restore: rows.filter((row) => row.kept === null),
    kept: rows.filter((row) => row.kept !== null).map((row) => ({ userId: row.userId, reason: row.kept! })),
  };
}

/** Marks a batch undone by `undoBatchId`. */
export async function markUndone(
  tx: Transaction,
  batchId: string,
  undo: { undoBatchId: string; by: string; at: Date },
) {
  await tx.execute(sql`
    update verification_batches set undone_at = ${undo.at}, undone_by = ${undo.by}::uuid,
      undo_batch_id = ${undo.undoBatchId}::uuid
    where id = ${batchId}::uuid`);
}
