import { randomBytes } from 'node:crypto';
import { givenRange } from '@portal/shared/api/date-range';
import type { TExportRegister } from '@portal/shared/data-export/export-runs';
import { calendarDate, type IsoDate } from '@portal/shared/dates';
import type { Database } from '../../../db/client';
import { translate } from '../../../lib/localize';
import { signatureEvent, verificationStatus, withdrawnBy } from '../csv-columns';
import { exportedAnswerColumns } from '../deidentified';
import { createDeidentifier } from '../deidentify/deidentifier';
import type { DatasetForm, ExportDataset } from '../formats/dataset';
import {
  participantsInBatches,
  roundsAnswered,
  signaturesInBatches,
  submittedResponsesInBatches,
  verificationsInBatches,
  withdrawalsInBatches,
  type DayWindow,
} from '../repository';
import type { ExportSelection } from './selection';

/** Keys read from the database at a time: a run holds one window of rows, never a whole table. */
export const RUN_BATCH = 1000;

/** How a run shows participants and their values: as kept, or by the de-identification rules. */
interface ValueForm {
  participant(userId: string): string;
  recordId(kind: string, id: string): string;
  shift(userId: string, moment: Date): Date;
  birth(birthDate: IsoDate | null): string | null;
  postalCode(code: string | null, country: string | null): string | null;
}

const AS_KEPT: ValueForm = {
  participant: (userId) => userId,
  recordId: (_kind, id) => id,
  shift: (_userId, moment) => moment,
  birth: (birthDate) => birthDate,
  postalCode: (code) => code,
};

/** The portal's language a row holds: Spanish, or English for anything else. */
const portalLanguage = (language: string | null) => (language === 'sp' ? ('sp' as const) : ('en' as const));

const shiftOrNull = (form: ValueForm, userId: string, moment: Date | null) =>
  moment === null ? null : form.shift(userId, moment);

export interface DatasetReaderDeps {
  db: Database;
  timeZone: string;
}

/** A chosen form version as the reader found it in the database. */
export interface FoundForm {
  id: string;
  formKey: string;
  version: number;
  kind: string;
  titleEn: string;
  titleSp: string;
  definition: unknown;
}

/**
 * The data of one run, read from the database a window at a time as each file is written. A de-identified run
 * draws a key of its own, kept only in memory while it runs: pseudonyms and date offsets come from it, so they
 * hold within the run and cannot be matched across runs.
 */
export async function readDataset(
  { db, timeZone }: DatasetReaderDeps,
  selection: ExportSelection,
  forms: FoundForm[],
  startedAt: Date,
): Promise<ExportDataset> {
  const { deidentified } = selection;
  const today = calendarDate(startedAt, timeZone);
  const form = deidentified ? createDeidentifier(randomBytes(32), today) : AS_KEPT;
  const range = givenRange(selection);
  const window: DayWindow = { range, timeZone };
  const chosen = (register: TExportRegister) => selection.registers.includes(register);

  const datasetForms: DatasetForm[] = [];
  /** The database id of each chosen form version, which the files never show. */
  const formIds = new Map<DatasetForm, string>();
  const aliases = new Map<string, string>();
  /**
   * A one-time survey form's key holds the survey's database id; a de-identified run names it by its order instead
   * (`one-time-1`, …), the same for each of its versions.
   */
  const keyOf = (found: FoundForm) => {
    if (!deidentified || found.kind !== 'one-time') return found.formKey;
    if (!aliases.has(found.formKey)) aliases.set(found.formKey, `one-time-${aliases.size + 1}`);
    return aliases.get(found.formKey)!;
  };
  for (const found of forms) {
    const chosenForm: DatasetForm = {
      formKey: keyOf(found),
      version: found.version,
      kind: found.kind === 'one-time' ? 'one-time' : 'round',
      title: { en: found.titleEn, sp: found.titleSp },
      definition: found.definition,
      rounds: await roundsAnswered(db, found.id),
      columns: exportedAnswerColumns(found.definition, deidentified),
    };
    datasetForms.push(chosenForm);
    formIds.set(chosenForm, found.id);
  }

  async function* responses(chosenForm: DatasetForm) {
    const formId = formIds.get(chosenForm)!;
    for await (const batch of submittedResponsesInBatches(db, { ...window, formId }, RUN_BATCH))
      yield batch.map((row) => ({
        id: form.recordId('response', row.id),
        participant: form.participant(row.userId),
        roundNumber: row.roundNumber,
        oneTimeSurveyId: row.oneTimeSurveyId && form.recordId('oneTimeSurvey', row.oneTimeSurveyId),
        startedAt: shiftOrNull(form, row.userId, row.startedAt),
        submittedAt: form.shift(row.userId, row.submittedAt!),
        answers: row.answers as Record<string, unknown>,
      }));
  }

  async function* signatures() {
    for await (const batch of signaturesInBatches(db, window, RUN_BATCH))
      yield batch.map((row) => ({
        id: form.recordId('signature', row.id),
        participant: form.participant(row.userId),
        event: signatureEvent(row.reconsent),
        signedAt: form.shift(row.userId, row.signedAt),
        healthSystem: row.healthSystem,
        language: portalLanguage(row.language),
        formVersion: row.version,
        document: deidentified ? null : { sha256: row.signedSha256, bytes: row.signedBytes },
        withdrawnAt: shiftOrNull(form, row.userId, row.withdrawnAt),
      }));
  }

  async function* withdrawals() {
    for await (const batch of withdrawalsInBatches(db, window, RUN_BATCH))
      yield batch.map((row) => ({
        participant: form.participant(row.userId),
        withdrawnAt: form.shift(row.userId, row.withdrawnAt),
        carriedOutBy: withdrawnBy(row.source),
        administratorId: deidentified ? null : row.requestedBy,
      }));
  }

  async function* verifications() {
    for await (const batch of verificationsInBatches(db, window, RUN_BATCH))
      yield batch.map((row) => ({
        participant: form.participant(row.userId),
        healthSystem: row.healthSystem,
        status: verificationStatus(row.isVerified),
        consentedAt: shiftOrNull(form, row.userId, row.consentedAt),
        updatedAt: form.shift(row.userId, row.updatedAt),
        lastChange: row.lastChange,
      }));
  }

  async function* participants() {
    for await (const batch of participantsInBatches(db, RUN_BATCH))
      yield batch.map((row) => ({
        participant: form.participant(row.userId),
        status:
          row.status === 'withdrawn' || row.withdrawnAt
            ? ('withdrawn' as const)
            : row.consentedAt
              ? ('consented' as const)
              : ('registered' as const),
        healthSystem: row.healthSystem,
        language: portalLanguage(row.language),
        registeredAt: form.shift(row.userId, row.registeredAt),
        consentedAt: shiftOrNull(form, row.userId, row.consentedAt),
        withdrawnAt: shiftOrNull(form, row.userId, row.withdrawnAt),
        birth: form.birth(row.birthDate),
        postalCode: form.postalCode(row.postalCode, row.country),
        gender: row.gender,
        country: row.country,
      }));
  }

  return {
    deidentified,
    startedAt,
    study: {
      identifier: 'kidney-research-study',
      title: { en: translate('en', 'shell.studyName'), sp: translate('sp', 'shell.studyName') },
    },
    range,
    forms: datasetForms,
    responses,
    ...(chosen('consent') ? { signatures, withdrawals } : {}),
    ...(chosen('verification') ? { verifications } : {}),
    ...(chosen('studyStatus') ? { participants } : {}),
  };
}
