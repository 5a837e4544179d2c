// Data Export runs: what each run holds, how far it has come, and its archive's bytes.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea } from './columns';

/**
 * One export run a staff member asked for. It is queued, then one server process claims it and writes its zip
 * archive; the archive can be downloaded by the same person for 7 days after it is done, then it is deleted and
 * the run is expired. A person has at most one run queued or running at a time.
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    /** The selection as asked: form versions, registers, formats and range. */
    selection: jsonb('selection').notNull(),
    deidentified: boolean('deidentified').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Updated as the run writes, so a run whose process died can be told from a slow one. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    filesDone: integer('files_done').notNull().default(0),
    filesTotal: integer('files_total').notNull().default(0),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    archiveName: varchar('archive_name', { length: 200 }),
    archiveBytes: bigint('archive_bytes', { mode: 'number' }),
    archiveSha256: varchar('archive_sha256', { length: 64 }),
    /** Why the run failed, as a catalog key. */
    failure: varchar('failure', { length: 100 }),
  },
  (t) => [
    uniqueIndex('export_runs_one_active_per_person')
      .on(t.requestedBy)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('export_runs_requested_by_idx').on(t.requestedBy, t.requestedAt),
    index('export_runs_status_idx').on(t.status, t.requestedAt),
    check('export_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'expired')`),
  ],
);

/** A done run's zip archive, in parts of about a mebibyte in order, so it is written and read a part at a time. */
export const exportArchiveParts = pgTable(
  'export_archive_parts',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => exportRuns.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.part] })],
);
