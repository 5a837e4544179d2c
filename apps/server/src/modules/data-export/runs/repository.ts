import { and, asc, desc, eq, gt, gte, inArray, lt, notExists, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { exportArchiveParts, exportRuns } from '../../../db/schema';

export type ExportRunRow = typeof exportRuns.$inferSelect;

/** PostgreSQL's unique_violation: the person already has a run queued or running. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/** Queues a run; undefined when the person already has one queued or running. */
export async function insertRun(
  db: Database,
  run: { requestedBy: string; selection: unknown; deidentified: boolean; requestedAt: Date },
): Promise<ExportRunRow | undefined> {
  try {
    const [row] = await db.insert(exportRuns).values(run).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function findRun(db: Database, id: string) {
  const [row] = await db.select().from(exportRuns).where(eq(exportRuns.id, id)).limit(1);
  return row;
}

/** A person's runs asked for since `since`, and those whose archive is kept after `now`, newest first. */
export const listRuns = (db: Database, requestedBy: string, since: Date, now: Date) =>
  db
    .select()
    .from(exportRuns)
    .where(
      and(
        eq(exportRuns.requestedBy, requestedBy),
        or(gte(exportRuns.requestedAt, since), gt(exportRuns.expiresAt, now)),
      ),
    )
    .orderBy(desc(exportRuns.requestedAt))
    .limit(50);

/**
 * Claims the oldest queued run for this process: it becomes running. Two processes claiming at once never get
 * the same run (`for update skip locked`).
 */
export async function claimNextRun(db: Database, now: Date): Promise<ExportRunRow | undefined> {
  const next = db
    .select({ id: exportRuns.id })
    .from(exportRuns)
    .where(eq(exportRuns.status, 'queued'))
    .orderBy(asc(exportRuns.requestedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(exportRuns)
    .set({ status: 'running', startedAt: now, heartbeatAt: now })
    .where(inArray(exportRuns.id, next))
    .returning();
  return row;
}

/**
 * Saves a running run's progress and marks it alive. False when the run is no longer running here: another process
 * found it silent and failed it.
 */
export async function setProgress(
  db: Database,
  id: string,
  progress: Partial<Pick<ExportRunRow, 'filesDone' | 'filesTotal' | 'rowsWritten'>>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(exportRuns)
    .set({ ...progress, heartbeatAt: now })
    .where(and(eq(exportRuns.id, id), eq(exportRuns.status, 'running')))
    .returning({ id: exportRuns.id });
  return rows.length > 0;
}

/** A running run done: its archive is complete and can be downloaded until `expiresAt`. False if it was not running. */
export async function markDone(
  db: Pick<Database, 'update'>,
  id: string,
  done: Pick<ExportRunRow, 'archiveName' | 'archiveBytes' | 'archiveSha256' | 'rowsWritten' | 'filesDone'> & {
    finishedAt: Date;
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(exportRuns)
    .set({ ...done, status: 'done', heartbeatAt: done.finishedAt })
    .where(and(eq(exportRuns.id, id), eq(exportRuns.status, 'running')))
    .returning({ id: exportRuns.id });
  return rows.length > 0;
}

/** Deletes whatever a run that is not done wrote of its archive. */
const discardParts = (db: Pick<Database, 'delete' | 'select'>, id: string) =>
  db.delete(exportArchiveParts).where(
    and(
      eq(exportArchiveParts.runId, id),
      notExists(
        db
          .select({ id: exportRuns.id })
          .from(exportRuns)
          .where(and(eq(exportRuns.id, id), eq(exportRuns.status, 'done'))),
      ),
    ),
  );

/**
 * A running run failed: whatever it had written of its archive is deleted with it. False when it was no longer
 * running (done, or already failed); its parts written since are deleted all the same unless it is done.
 */
export async function markFailed(db: Database, id: string, failure: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(exportRuns)
      .set({ status: 'failed', failure, finishedAt: now })
      .where(and(eq(exportRuns.id, id), eq(exportRuns.status, 'running')))
      .returning({ id: exportRuns.id });
    await discardParts(tx, id);
    return rows.length > 0;
  });
}

/**
 * Fails the running runs whose process has not written since `staleBefore` (it stopped or died), in one statement
 * so a run that writes meanwhile is not failed; deletes their parts. Answers those failed.
 */
export async function failStaleRuns(db: Database, staleBefore: Date, failure: string, now: Date) {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(exportRuns)
      .set({ status: 'failed', failure, finishedAt: now })
      .where(and(eq(exportRuns.status, 'running'), lt(exportRuns.heartbeatAt, staleBefore)))
      .returning({ id: exportRuns.id, requestedBy: exportRuns.requestedBy });
    for (const run of failed) await discardParts(tx, run.id);
    return failed;
  });
}

/** Done runs whose 7 days ended before `before`: their archives are to be deleted. */
export const dueForExpiry = (db: Database, before: Date) =>
  db
    .select({ id: exportRuns.id })
    .from(exportRuns)
    .where(and(eq(exportRuns.status, 'done'), lt(exportRuns.expiresAt, before)))
    .limit(100);

export async function markExpired(db: Database, id: string) {
  await db.transaction(async (tx) => {
    await tx.update(exportRuns).set({ status: 'expired' }).where(eq(exportRuns.id, id));
    await tx.delete(exportArchiveParts).where(eq(exportArchiveParts.runId, id));
  });
}

export const insertPart = (db: Database, runId: string, part: number, bytes: Uint8Array) =>
  db.insert(exportArchiveParts).values({ runId, part, bytes });

/** One part of an archive, by its number; undefined after the last. */
export async function readPart(db: Database, runId: string, part: number): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ bytes: exportArchiveParts.bytes })
    .from(exportArchiveParts)
    .where(and(eq(exportArchiveParts.runId, runId), eq(exportArchiveParts.part, part)))
    .limit(1);
  return row?.bytes;
}
