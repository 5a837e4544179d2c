import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
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

/** A person's runs asked for since `since`, newest first. */
export const listRuns = (db: Database, requestedBy: string, since: Date) =>
  db
    .select()
    .from(exportRuns)
    .where(and(eq(exportRuns.requestedBy, requestedBy), gte(exportRuns.requestedAt, since)))
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

export const setProgress = (
  db: Database,
  id: string,
  progress: Partial<Pick<ExportRunRow, 'filesDone' | 'filesTotal' | 'rowsWritten'>>,
  now: Date,
) =>
  db
    .update(exportRuns)
    .set({ ...progress, heartbeatAt: now })
    .where(eq(exportRuns.id, id));

/** A run done: its archive is complete and can be downloaded until `expiresAt`. */
export const markDone = (
  db: Database,
  id: string,
  done: Pick<ExportRunRow, 'archiveName' | 'archiveBytes' | 'archiveSha256' | 'rowsWritten' | 'filesDone'> & {
    finishedAt: Date;
    expiresAt: Date;
  },
) =>
  db
    .update(exportRuns)
    .set({ ...done, status: 'done', heartbeatAt: done.finishedAt })
    .where(eq(exportRuns.id, id));

/** A run failed: whatever it had written of its archive is deleted with it. */
export async function markFailed(db: Database, id: string, failure: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(exportArchiveParts).where(eq(exportArchiveParts.runId, id));
    await tx
      .update(exportRuns)
      .set({ status: 'failed', failure, finishedAt: now, archiveName: null, archiveBytes: null, archiveSha256: null })
      .where(eq(exportRuns.id, id));
  });
}

/** Running runs whose process has not written for `staleBefore`: their process stopped or died. */
export const staleRuns = (db: Database, staleBefore: Date) =>
  db
    .select({ id: exportRuns.id, requestedBy: exportRuns.requestedBy })
    .from(exportRuns)
    .where(and(eq(exportRuns.status, 'running'), lt(exportRuns.heartbeatAt, staleBefore)));

/** Done runs past their 7 days: their archives are to be deleted. */
export const dueForExpiry = (db: Database, now: Date) =>
  db
    .select({ id: exportRuns.id })
    .from(exportRuns)
    .where(and(eq(exportRuns.status, 'done'), lt(exportRuns.expiresAt, now)))
    .limit(100);

export async function markExpired(db: Database, id: string) {
  await db.transaction(async (tx) => {
    await tx.delete(exportArchiveParts).where(eq(exportArchiveParts.runId, id));
    await tx.update(exportRuns).set({ status: 'expired' }).where(eq(exportRuns.id, id));
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
