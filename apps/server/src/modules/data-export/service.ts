import type { TDateRange } from '@portal/shared/api/date-range';
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
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { refused, type DataOutcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { answerColumns, type AnswerColumn } from './answer-columns';
import { csvFile, windowBatches, type CsvValue } from '../../lib/csv-stream';
import {
  findForm,
  listFormsWithCounts,
  responseIdsAfter,
  signatureKeysAfter,
  signaturesWithin,
  submittedResponsesWithin,
  verificationKeysAfter,
  verificationsWithin,
  withdrawalKeysAfter,
  withdrawalsWithin,
  type DayWindow,
  type SignatureKey,
} from './repository';

/** Keys read from the database at a time: a download holds one window of rows, never the whole table. */
export const EXPORT_BATCH = 1000;

/** A CSV file as it is produced, and the name it is saved under. */
export interface CsvDownload {
  fileName: string;
  lines: AsyncGenerator<string>;
}

/** Who asks for an export: the administrator and where the request came from. */
export interface Exporter extends RequestContext {
  adminId: string;
}

export interface DataExportDeps {
  db: Database;
  clock: Clock;
  /** The study's time zone: a range's days, and the date in a file's name, are its calendar days. */
  timeZone: string;
}

const VERIFICATION_STATUS = { true: 'verified', false: 'rejected', null: 'pending' } as const;
const answersList = (column: AnswerColumn, language: 'en' | 'sp') =>
  column.answers.map((answer) => `${answer.code}=${answer[language]}`).join(' | ');

/**
 * The Data Export tab: survey answers per form version with their data dictionary, the consent register and
 * the verification register, as CSV files read and sent in batches. Participants appear by their id only,
 * never by name or e-mail. Every download leaves an audit row with its filter and how many rows it carried.
 */
export function createDataExportService({ db, clock, timeZone }: DataExportDeps) {
  const window = (range: TDateRange | undefined): DayWindow => ({ range, timeZone });
  const rangeOf = (query: TRegisterQuery) => (query.from && query.to ? { from: query.from, to: query.to } : undefined);

  /** The file's name (what it holds, today's date) and its audit row, written when it ends. */
  function download<Row>(
    exporter: Exporter,
    what: { kind: TDataExportKind; form?: TDataDictionaryQuery; details: Record<string, unknown> },
    header: readonly string[],
    batches: AsyncIterable<Row[]>,
    cellsOf: (row: Row) => readonly CsvValue[],
  ): CsvDownload {
    const date = calendarDate(clock.now(), timeZone);
    const audit = (rowCount: number, complete: boolean) =>
      recordAudit(db, {
        at: clock.now(),
        action: 'dataExport.downloaded',
        actorId: exporter.adminId,
        details: { export: what.kind, ...what.details, rowCount, complete },
        ip: exporter.ip,
      });
    return { fileName: exportFileName(what.kind, date, what.form), lines: csvFile(header, batches, cellsOf, audit) };
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

    /** One row per submitted response of the form version, then one column per question. */
    async surveyAnswers(exporter: Exporter, query: TSurveyAnswersQuery): Promise<DataOutcome<CsvDownload>> {
      const form = await findForm(db, query.formKey, query.version);
      if (!form) return refused(404, M.formNotFound);
      const columns = answerColumns(form.definition);
      const range = rangeOf(query);
      const filter = { ...window(range), formId: form.id };
      const batches = windowBatches(
        (after: string | undefined) => responseIdsAfter(db, after, EXPORT_BATCH),
        (ids) => submittedResponsesWithin(db, filter, ids),
        EXPORT_BATCH,
      );
      const data = download(
        exporter,
        {
          kind: 'surveyAnswers',
          form: query,
          details: { formKey: query.formKey, version: query.version, range },
        },
        ['participantId', 'roundNumber', 'oneTimeSurveyId', 'startedAt', 'submittedAt', ...columns.map((c) => c.code)],
        batches,
        (row) => {
          const answers = row.answers as Record<string, unknown>;
          return [
            row.userId,
            row.roundNumber,
            row.oneTimeSurveyId,
            row.startedAt,
            row.submittedAt,
            ...columns.map((c) => c.read(answers)),
          ];
        },
      );
      return { ok: true, data };
    },

    /** Each column of the answers file: its question in both languages, its type and its answer codes. */
    async dataDictionary(exporter: Exporter, query: TDataDictionaryQuery): Promise<DataOutcome<CsvDownload>> {
      const form = await findForm(db, query.formKey, query.version);
      if (!form) return refused(404, M.formNotFound);
      const data = download(
        exporter,
        {
          kind: 'dataDictionary',
          form: query,
          details: { formKey: query.formKey, version: query.version },
        },
        ['code', 'labelEn', 'labelSp', 'type', 'answersEn', 'answersSp'],
        (async function* () {
          yield answerColumns(form.definition);
        })(),
        (c) => [c.code, c.labelEn, c.labelSp, c.type, answersList(c, 'en'), answersList(c, 'sp')],
      );
      return { ok: true, data };
    },

    /**
     * Each signature (a consent, or a re-consent when the participant had signed before) with the form version
     * signed, then each withdrawal with who carried it out: the participant, or an administrator on request.
     */
    consentRegister(exporter: Exporter, query: TRegisterQuery): CsvDownload {
      const range = rangeOf(query);
      const signatures = windowBatches(
        (after: SignatureKey | undefined) => signatureKeysAfter(db, after, EXPORT_BATCH),
        (keys) => signaturesWithin(db, window(range), keys),
        EXPORT_BATCH,
      );
      const withdrawals = windowBatches(
        (after: string | undefined) => withdrawalKeysAfter(db, after, EXPORT_BATCH),
        (ids) => withdrawalsWithin(db, window(range), ids),
        EXPORT_BATCH,
      );
      async function* events(): AsyncGenerator<CsvValue[][]> {
        for await (const batch of signatures)
          yield batch.map((s) => [
            s.userId,
            s.reconsent ? 'reconsent' : 'consent',
            s.signedAt,
            s.healthSystem ?? 'default',
            s.language,
            s.version,
            'participant',
            null,
          ]);
        for await (const batch of withdrawals)
          yield batch.map((w) => [
            w.userId,
            'withdrawal',
            w.withdrawnAt,
            null,
            null,
            null,
            w.source === 'manual' ? 'administrator' : 'participant',
            w.requestedBy,
          ]);
      }
      return download(
        exporter,
        { kind: 'consentRegister', details: { range } },
        [
          'participantId',
          'event',
          'date',
          'healthSystem',
          'formLanguage',
          'formVersion',
          'carriedOutBy',
          'administratorId',
        ],
        events(),
        (cells) => cells,
      );
    },

    /** Each health system verification record: its status, when it was last updated and by what kind of change. */
    verificationRegister(exporter: Exporter, query: TRegisterQuery): CsvDownload {
      const range = rangeOf(query);
      const batches = windowBatches(
        (after: string | undefined) => verificationKeysAfter(db, after, EXPORT_BATCH),
        (ids) => verificationsWithin(db, window(range), ids),
        EXPORT_BATCH,
      );
      return download(
        exporter,
        { kind: 'verificationRegister', details: { range } },
        ['participantId', 'healthSystem', 'status', 'consentedAt', 'updatedAt', 'lastChange'],
        batches,
        (r) => [
          r.userId,
          r.healthSystem,
          VERIFICATION_STATUS[String(r.isVerified) as keyof typeof VERIFICATION_STATUS],
          r.consentedAt,
          r.updatedAt,
          r.lastChange,
        ],
      );
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
