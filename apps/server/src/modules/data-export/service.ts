import { givenRange, type TDateRange } from '@portal/shared/api/date-range';
import {
  DATA_EXPORT_MESSAGES as M,
  exportFileName,
  type TDataDictionaryQuery,
  type TDataExportKind,
  type TExportInstrument,
  type TRegisterQuery,
  type TSurveyAnswersQuery,
} from '@portal/shared/data-export/data-export';
import { calendarDate } from '@portal/shared/dates';
import type { StaffRole } from '@portal/shared/staff/roles';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { refused, type DataOutcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { csvFile, type CsvValue } from '../../lib/csv-stream';
import {
  consentRegisterHeader,
  DATA_DICTIONARY_HEADER,
  dataDictionaryCells,
  signatureCells,
  signatureEvent,
  surveyAnswersCells,
  surveyAnswersHeader,
  verificationCells,
  verificationRegisterHeader,
  verificationStatus,
  withdrawalCells,
  withdrawnBy,
} from './csv-columns';
import { exportedAnswerColumns, participantColumn, producesDeidentified } from './deidentified';
import {
  findForm,
  listFormsWithCounts,
  signaturesInBatches,
  submittedResponsesInBatches,
  verificationsInBatches,
  withdrawalsInBatches,
  type DayWindow,
} from './repository';

/** Keys read from the database at a time: a download holds one window of rows, never the whole table. */
export const EXPORT_BATCH = 1000;

/** A CSV file as it is produced, and the name it is saved under. */
export interface CsvDownload {
  fileName: string;
  lines: AsyncGenerator<string>;
}

/** Who asks for an export: the staff member, their role, and where the request came from. */
export interface Exporter extends RequestContext {
  staffId: string;
  staffRole: StaffRole | undefined;
}

export interface DataExportDeps {
  db: Database;
  clock: Clock;
  /** The study's time zone: a range's days, and the date in a file's name, are its calendar days. */
  timeZone: string;
}

/**
 * The Data Export tab: survey answers per form version with their data dictionary, the consent register and
 * the verification register, as CSV files read and sent in batches. Participants appear by their id only,
 * never by name or e-mail; in the de-identified form by a pseudonym, without free text or staff ids. Every
 * download leaves an audit row with its filter, its form and how many rows it carried.
 */
export function createDataExportService({ db, clock, timeZone }: DataExportDeps) {
  const window = (range: TDateRange | undefined): DayWindow => ({ range, timeZone });

  /** The file's name (what it holds, its form, today's date) and its audit row, written when it ends. */
  function download<Row>(
    exporter: Exporter,
    what: {
      kind: TDataExportKind;
      deidentified: boolean;
      form?: TDataDictionaryQuery;
      details: Record<string, unknown>;
    },
    header: readonly string[],
    batches: AsyncIterable<Row[]>,
    cellsOf: (row: Row) => readonly CsvValue[],
  ): CsvDownload {
    const { kind, deidentified, form } = what;
    const date = calendarDate(clock.now(), timeZone);
    const audit = (rowCount: number, complete: boolean) =>
      recordAudit(db, {
        at: clock.now(),
        action: 'dataExport.downloaded',
        actorId: exporter.staffId,
        details: { export: kind, ...what.details, deidentified, rowCount, complete },
        ip: exporter.ip,
      });
    return {
      fileName: exportFileName(kind, date, { form, deidentified }),
      lines: csvFile(header, batches, cellsOf, audit),
    };
  }

  return {
    async instruments(): Promise<TExportInstrument[]> {
      const rows = await listFormsWithCounts(db);
      return rows.map((row) => ({
        formKey: row.formKey,
        version: row.version,
        kind: row.kind as TExportInstrument['kind'],
        title: { en: row.titleEn, sp: row.titleSp },
        submitted: row.submitted,
      }));
    },

    /**
     * One row per submitted response of the form version, then one column per question; a de-identified file
     * leaves out the columns of free text.
     */
    async surveyAnswers(exporter: Exporter, query: TSurveyAnswersQuery): Promise<DataOutcome<CsvDownload>> {
      const form = await findForm(db, query.formKey, query.version);
      if (!form) return refused(404, M.formNotFound);
      const deidentified = producesDeidentified(exporter, query.deidentified);
      const columns = exportedAnswerColumns(form.definition, deidentified);
      const participant = await participantColumn(db, deidentified);
      const range = givenRange(query);
      const filter = { ...window(range), formId: form.id };
      const batches = submittedResponsesInBatches(db, filter, EXPORT_BATCH);
      const data = download(
        exporter,
        {
          kind: 'surveyAnswers',
          deidentified,
          form: query,
          details: { formKey: query.formKey, version: query.version, range },
        },
        surveyAnswersHeader(participant.name, columns),
        batches,
        (row) =>
          surveyAnswersCells(
            { ...row, participant: participant.cell(row.userId), answers: row.answers as Record<string, unknown> },
            columns,
          ),
      );
      return { ok: true, data };
    },

    /**
     * Each column of the answers file: its question in both languages, its type and its answer codes. The
     * de-identified dictionary describes the de-identified answers file, so it leaves out the same columns.
     */
    async dataDictionary(exporter: Exporter, query: TDataDictionaryQuery): Promise<DataOutcome<CsvDownload>> {
      const form = await findForm(db, query.formKey, query.version);
      if (!form) return refused(404, M.formNotFound);
      const deidentified = producesDeidentified(exporter, query.deidentified);
      const columns = exportedAnswerColumns(form.definition, deidentified);
      const data = download(
        exporter,
        {
          kind: 'dataDictionary',
          deidentified,
          form: query,
          details: { formKey: query.formKey, version: query.version },
        },
        DATA_DICTIONARY_HEADER,
        (async function* () {
          yield columns;
        })(),
        dataDictionaryCells,
      );
      return { ok: true, data };
    },

    /**
     * Each signature (a consent, or a re-consent when the participant had signed before) with the form version
     * signed, then each withdrawal with who carried it out: the participant, or an administrator on request (and
     * which one, left out of a de-identified file).
     */
    async consentRegister(exporter: Exporter, query: TRegisterQuery): Promise<CsvDownload> {
      const range = givenRange(query);
      const deidentified = producesDeidentified(exporter, query.deidentified);
      const participant = await participantColumn(db, deidentified);
      const signatures = signaturesInBatches(db, window(range), EXPORT_BATCH);
      const withdrawals = withdrawalsInBatches(db, window(range), EXPORT_BATCH);
      async function* events(): AsyncGenerator<CsvValue[][]> {
        for await (const batch of signatures)
          yield batch.map((s) =>
            signatureCells(
              {
                participant: participant.cell(s.userId),
                event: signatureEvent(s.reconsent),
                signedAt: s.signedAt,
                healthSystem: s.healthSystem,
                language: s.language,
                formVersion: s.version,
              },
              deidentified,
            ),
          );
        for await (const batch of withdrawals)
          yield batch.map((w) =>
            withdrawalCells(
              {
                participant: participant.cell(w.userId),
                withdrawnAt: w.withdrawnAt,
                carriedOutBy: withdrawnBy(w.source),
                administratorId: w.requestedBy,
              },
              deidentified,
            ),
          );
      }
      return download(
        exporter,
        { kind: 'consentRegister', deidentified, details: { range } },
        consentRegisterHeader(participant.name, deidentified),
        events(),
        (cells) => cells,
      );
    },

    /** Each health system verification record: its status, when it was last updated and by what kind of change. */
    async verificationRegister(exporter: Exporter, query: TRegisterQuery): Promise<CsvDownload> {
      const range = givenRange(query);
      const deidentified = producesDeidentified(exporter, query.deidentified);
      const participant = await participantColumn(db, deidentified);
      const batches = verificationsInBatches(db, window(range), EXPORT_BATCH);
      return download(
        exporter,
        { kind: 'verificationRegister', deidentified, details: { range } },
        verificationRegisterHeader(participant.name),
        batches,
        (r) =>
          verificationCells({
            ...r,
            participant: participant.cell(r.userId),
            status: verificationStatus(r.isVerified),
          }),
      );
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
