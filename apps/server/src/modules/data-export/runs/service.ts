import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { givenRange } from '@portal/shared/api/date-range';
import {
  EXPORT_ARCHIVE_DAYS,
  EXPORT_RUN_MESSAGES as M,
  type TExportRun,
  type TStartExportRun,
} from '@portal/shared/data-export/export-runs';
import { calendarDate } from '@portal/shared/dates';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@portal/shared/durations';
import { can } from '@portal/shared/staff/roles';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { refused, type DataOutcome } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import { findForm } from '../repository';
import type { Exporter } from '../service';
import { dataPackageEntries } from '../formats/data-package/entries';
import type { ArchiveEntry } from '../formats/entry';
import { fhirEntries } from '../formats/fhir/entries';
import { redcapEntries } from '../formats/redcap/entries';
import { writeArchive } from './archive-writer';
import { readDataset, type FoundForm } from './dataset-reader';
import { readmeEntry } from './readme';
import {
  claimNextRun,
  dueForExpiry,
  failStaleRuns,
  findRun,
  insertPart,
  insertRun,
  listRuns,
  markDone,
  markExpired,
  markFailed,
  readPart,
  setProgress,
  type ExportRunRow,
} from './repository';
import type { ExportSelection } from './selection';

/** A running run that has not shown itself alive for this long has lost its process: it is failed as interrupted. */
const STALE_MS = 5 * MINUTE_MS;
/** How often a run shows itself alive while it writes, whatever it is doing. */
const HEARTBEAT_MS = 30_000;
/** How long after its 7 days an archive is deleted: a download begun just before the end can finish. */
const EXPIRY_GRACE_MS = HOUR_MS;

/** The run was failed by another process (which found it silent) while this one wrote it. */
class RunTakenAway extends Error {
  constructor() {
    super('the run is no longer running here');
  }
}
/** Progress is saved at most this often while rows are written (and after each file). */
const PROGRESS_MS = 1000;

export interface ExportRunDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The study's time zone: a range's days, and the date in the archive's name. */
  timeZone: string;
  /** Asks the export job to run now rather than at its next minute. */
  runSoon: (at: Date) => void;
}

/** A done run's archive as it is sent: its name, size and bytes a part at a time. */
export interface ArchiveDownload {
  fileName: string;
  bytes: number;
  sha256: string;
  parts: AsyncGenerator<Uint8Array>;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function runView(row: ExportRunRow): TExportRun {
  const selection = row.selection as ExportSelection;
  return {
    id: row.id,
    status: row.status as TExportRun['status'],
    forms: selection.forms,
    registers: selection.registers,
    formats: selection.formats,
    from: selection.from ?? null,
    to: selection.to ?? null,
    deidentified: row.deidentified,
    progress: { filesDone: row.filesDone, filesTotal: row.filesTotal, rows: row.rowsWritten },
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: row.status === 'done' ? iso(row.expiresAt) : null,
    archive:
      row.status === 'done' && row.archiveName && row.archiveSha256 && row.archiveBytes !== null
        ? { fileName: row.archiveName, bytes: row.archiveBytes, sha256: row.archiveSha256 }
        : null,
    failure: row.failure,
  };
}

/**
 * Export runs: a staff member asks for a selection; a server process (any one, through the job queue) writes it
 * into one zip archive a window of rows at a time, kept in the database in parts; the same person downloads it
 * for 7 days, after which it is deleted. Each run is audited when asked for, when done (rows per file, the
 * archive's SHA-256) or failed, and at each download.
 */
export function createExportRunService({ db, clock, log, timeZone, runSoon }: ExportRunDeps) {
  const audit = (
    action:
      'dataExport.runRequested' | 'dataExport.runCompleted' | 'dataExport.runFailed' | 'dataExport.archiveDownloaded',
    actorId: string,
    details: Record<string, unknown>,
    ip?: string,
    writer: Pick<Database, 'insert'> = db,
  ) => recordAudit(writer, { at: clock.now(), action, actorId, details, ip });
  /** Whether this process is writing runs now: one loop a process, whatever the job queue hands it. */
  let working = false;

  async function findForms(selection: ExportSelection): Promise<FoundForm[] | undefined> {
    const found: (FoundForm & { sortOrder: number })[] = [];
    for (const { formKey, version } of selection.forms) {
      const form = await findForm(db, formKey, version);
      if (!form) return undefined;
      if (!found.some((f) => f.id === form.id)) found.push({ ...form, formKey, version });
    }
    // Instruments in round order, then one-time forms, as the Data Export tab lists them.
    return found.sort(
      (a, b) =>
        Number(a.kind === 'one-time') - Number(b.kind === 'one-time') ||
        a.sortOrder - b.sortOrder ||
        a.formKey.localeCompare(b.formKey) ||
        a.version - b.version,
    );
  }

  /** The files of a run, in the order they are written: data, REDCap, FHIR, then the README. */
  async function entriesOf(run: ExportRunRow, selection: ExportSelection, forms: FoundForm[]) {
    const dataset = await readDataset({ db, timeZone }, selection, forms, run.startedAt ?? clock.now());
    const entries: ArchiveEntry[] = [
      ...(selection.formats.includes('dataPackage') ? dataPackageEntries(dataset) : []),
      ...(selection.formats.includes('redcap') ? redcapEntries(dataset) : []),
      ...(selection.formats.includes('fhir') ? fhirEntries(dataset) : []),
    ];
    return [...entries, readmeEntry(dataset, selection, run.id)];
  }

  /**
   * Writes one claimed run's archive, showing itself alive every 30 s and at each batch; any failure leaves no part
   * of it behind and says why. A run another process failed meanwhile (finding it silent) is left failed.
   */
  async function carryOut(run: ExportRunRow, signal: AbortSignal) {
    const selection = run.selection as ExportSelection;
    const startedAt = run.startedAt ?? clock.now();
    const archiveHash = createHash('sha256');
    let archiveBytes = 0;
    let part = 0;
    let rowsBefore = 0;
    let filesDone = 0;
    let savedAt = 0;
    let lost = false;
    const progress = async (values: Parameters<typeof setProgress>[2]) => {
      if (!(await setProgress(db, run.id, values, clock.now()))) lost = true;
      if (lost) throw new RunTakenAway();
    };
    const checkGoingOn = () => {
      if (signal.aborted) throw new Error('the server process is stopping');
      if (lost) throw new RunTakenAway();
    };
    const heartbeat = setInterval(() => {
      progress({}).catch(() => {});
    }, HEARTBEAT_MS);
    try {
      const forms = await findForms(selection);
      if (!forms) throw new Error('a chosen form version no longer exists');
      const entries = await entriesOf(run, selection, forms);
      await progress({ filesTotal: entries.length });
      const files = await writeArchive(
        entries,
        {
          async write(bytes) {
            checkGoingOn();
            archiveHash.update(bytes);
            archiveBytes += bytes.length;
            await insertPart(db, run.id, part, bytes);
            part += 1;
          },
        },
        {
          async rows(rowsSoFar) {
            checkGoingOn();
            if (Date.now() - savedAt < PROGRESS_MS) return;
            savedAt = Date.now();
            await progress({ rowsWritten: rowsBefore + rowsSoFar });
          },
          async fileDone(file) {
            rowsBefore += file.rows;
            filesDone += 1;
            await progress({ filesDone, rowsWritten: rowsBefore });
          },
        },
        startedAt,
      );
      const finishedAt = clock.now();
      const sha256 = archiveHash.digest('hex');
      const date = calendarDate(startedAt, timeZone);
      const archiveName = `study-data${run.deidentified ? '-deidentified' : ''}-${date}-${run.id.slice(0, 8)}.zip`;
      const done = await db.transaction(async (tx) => {
        const marked = await markDone(tx, run.id, {
          archiveName,
          archiveBytes,
          archiveSha256: sha256,
          rowsWritten: rowsBefore,
          filesDone,
          finishedAt,
          expiresAt: new Date(finishedAt.getTime() + EXPORT_ARCHIVE_DAYS * DAY_MS),
        });
        if (marked) {
          const rows = Object.fromEntries(files.map((file) => [file.path, file.rows]));
          const details = { run: run.id, ...selection, rows, rowCount: rowsBefore, archiveBytes, sha256 };
          await audit('dataExport.runCompleted', run.requestedBy, details, undefined, tx);
        }
        return marked;
      });
      if (!done) throw new RunTakenAway();
    } catch (error) {
      const failure = signal.aborted ? M.interrupted : M.failed;
      log.error({ err: error, run: run.id }, 'export run failed');
      if (await markFailed(db, run.id, failure, clock.now()))
        await audit('dataExport.runFailed', run.requestedBy, { run: run.id, reason: failure });
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    /**
     * Queues a run for the caller: every chosen form version must exist, and an identified run needs identified
     * export. A person has one run queued or running at a time.
     */
    async start(exporter: Exporter, body: TStartExportRun): Promise<DataOutcome<TExportRun>> {
      if (!body.deidentified && !can(exporter.staffRole, 'export.identified'))
        return refused(403, M.identifiedNotAllowed);
      if (!(await findForms(body))) return refused(404, M.formNotFound);
      const selection: ExportSelection = {
        forms: body.forms,
        registers: [...new Set(body.registers)],
        formats: [...new Set(body.formats)],
        deidentified: body.deidentified,
        ...givenRange(body),
      };
      const row = await insertRun(db, {
        requestedBy: exporter.staffId,
        selection,
        deidentified: body.deidentified,
        requestedAt: clock.now(),
      });
      if (!row) return refused(409, M.alreadyRunning);
      await audit('dataExport.runRequested', exporter.staffId, { run: row.id, ...selection }, exporter.ip);
      runSoon(clock.now());
      return { ok: true, data: runView(row) };
    },

    /** The caller's runs asked for in the last 7 days, and any whose archive is still kept, newest first. */
    async list(staffId: string): Promise<TExportRun[]> {
      const since = new Date(clock.now().getTime() - EXPORT_ARCHIVE_DAYS * DAY_MS);
      return (await listRuns(db, staffId, since, clock.now())).map(runView);
    },

    /** One of the caller's runs; another person's run is not found. */
    async get(staffId: string, id: string): Promise<DataOutcome<TExportRun>> {
      const row = await findRun(db, id);
      if (!row || row.requestedBy !== staffId) return refused(404, M.runNotFound);
      return { ok: true, data: runView(row) };
    },

    /**
     * A done run's archive, for the person who asked for it, while their role still allows its form, until it
     * expires. Audited.
     */
    async archive(exporter: Exporter, id: string): Promise<DataOutcome<ArchiveDownload>> {
      const row = await findRun(db, id);
      if (!row || row.requestedBy !== exporter.staffId) return refused(404, M.runNotFound);
      if (!row.deidentified && !can(exporter.staffRole, 'export.identified'))
        return refused(403, M.identifiedNotAllowed);
      const expired = row.status === 'expired' || (row.expiresAt !== null && row.expiresAt <= clock.now());
      if (expired) return refused(410, M.expired);
      if (row.status === 'failed') return refused(409, row.failure ?? M.failed);
      if (row.status !== 'done' || !row.archiveName || !row.archiveSha256 || row.archiveBytes === null)
        return refused(409, M.notReady);
      await audit(
        'dataExport.archiveDownloaded',
        exporter.staffId,
        { run: row.id, sha256: row.archiveSha256, deidentified: row.deidentified },
        exporter.ip,
      );
      async function* parts() {
        for (let part = 0; ; part += 1) {
          const bytes = await readPart(db, row!.id, part);
          if (!bytes) return;
          yield bytes;
        }
      }
      return {
        ok: true,
        data: { fileName: row.archiveName, bytes: row.archiveBytes, sha256: row.archiveSha256, parts: parts() },
      };
    },

    /**
     * The export job: fails runs whose process stopped showing itself alive, deletes archives past their 7 days,
     * then writes queued runs one after another until none is left or the process stops. One loop a process: a
     * call while this process writes returns at once. Returns how many runs it wrote.
     */
    async work(signal: AbortSignal): Promise<number> {
      if (working) return 0;
      working = true;
      try {
        const now = clock.now();
        for (const run of await failStaleRuns(db, new Date(now.getTime() - STALE_MS), M.interrupted, now))
          await audit('dataExport.runFailed', run.requestedBy, { run: run.id, reason: M.interrupted });
        for (const run of await dueForExpiry(db, new Date(now.getTime() - EXPIRY_GRACE_MS)))
          await markExpired(db, run.id);
        let carried = 0;
        while (!signal.aborted) {
          const run = await claimNextRun(db, clock.now());
          if (!run) break;
          await carryOut(run, signal);
          carried += 1;
        }
        return carried;
      } finally {
        working = false;
      }
    },
  };
}
export type ExportRunService = ReturnType<typeof createExportRunService>;
