import { answerColumns } from '../answer-columns';
import type {
  DatasetForm,
  DatasetParticipant,
  DatasetResponse,
  DatasetSignature,
  DatasetVerification,
  DatasetWithdrawal,
  ExportDataset,
} from './dataset';

// The small study each format's tests write: its forms, participants, responses and signatures are built here, so
// each test states only the values its expectations read.

/** A form's text in English, with its Spanish under the locale `es`, as the portal keeps a SurveyJS definition. */
export const text = (en: string, es: string) => ({ default: en, es });

/** A choice, or a matrix's row or column: its code and its text in both languages. */
export const choice = (value: string | number, en: string, es: string) => ({ value, text: text(en, es) });

/** A SurveyJS definition of one page. */
export const onePage = (elements: object[]) => ({ pages: [{ name: 'only', elements }] });

/** Questions every format's round form asks alike: an HTML intro that asks nothing, a rating of 1 to 3 and a date. */
export const INTRO = {
  type: 'html',
  name: 'intro',
  html: text('<p>About <b>your</b> week</p>', '<p>Sobre <b>su</b> semana</p>'),
};
export const ENERGY = { type: 'rating', name: 'energy', title: text('Energy', 'Energía'), rateMin: 1, rateMax: 3 };
export const LAST_VISIT = {
  type: 'text',
  name: 'last-visit',
  title: text('Last visit', 'Última visita'),
  inputType: 'date',
};

/** A chosen form version with its definition's answer columns; a de-identified run's without free text. */
export const datasetForm = (form: Omit<DatasetForm, 'columns'>, deidentified = false): DatasetForm => ({
  ...form,
  columns: answerColumns(form.definition).filter((column) => !(deidentified && column.freeText)),
});

/** A submitted response, its id the participant's and the round's (`once` for a one-time survey) unless given. */
export const response = (
  participant: string,
  roundNumber: number | null,
  submittedAt: Date,
  answers: Record<string, unknown>,
  id = `${participant}-${roundNumber ?? 'once'}`,
): DatasetResponse => ({
  id,
  participant,
  roundNumber,
  oneTimeSurveyId: roundNumber === null ? 'one-time-1' : null,
  startedAt: null,
  submittedAt,
  answers,
});

/** A consent to the study's default form, version 1, in English and not withdrawn, unless told otherwise. */
export const signature = (
  fields: Pick<DatasetSignature, 'id' | 'participant' | 'signedAt'> & Partial<DatasetSignature>,
): DatasetSignature => ({
  event: 'consent',
  healthSystem: null,
  language: 'en',
  formVersion: 1,
  document: { sha256: 'ab'.repeat(32), bytes: 48213 },
  withdrawnAt: null,
  ...fields,
});

/** A participant registered in English who has not consented nor given anything else, unless told otherwise. */
export const participant = (
  fields: Pick<DatasetParticipant, 'participant' | 'registeredAt'> & Partial<DatasetParticipant>,
): DatasetParticipant => ({
  status: 'registered',
  healthSystem: null,
  language: 'en',
  consentedAt: null,
  withdrawnAt: null,
  birth: null,
  postalCode: null,
  gender: null,
  country: null,
  ...fields,
});

/** Rows in the batches given, as the dataset reads them from the database a window at a time. */
async function* inBatches<Row>(batches: readonly Row[][]) {
  for (const batch of batches) yield batch;
}

const registerOf = <Row>(batches: Row[][] | undefined) => batches && (() => inBatches(batches));

/** What a test's dataset holds: its rows in the batches they are read in; a register left out was not chosen. */
export interface TestDatasetRows extends Pick<ExportDataset, 'deidentified' | 'startedAt' | 'study' | 'forms'> {
  /** Each form version's responses. */
  responses: (form: DatasetForm) => DatasetResponse[][];
  signatures?: DatasetSignature[][];
  withdrawals?: DatasetWithdrawal[][];
  verifications?: DatasetVerification[][];
  participants?: DatasetParticipant[][];
}

/** A run's dataset, reading the rows given a batch at a time. */
export function datasetOf(rows: TestDatasetRows): ExportDataset {
  const { responses, signatures, withdrawals, verifications, participants, ...run } = rows;
  return {
    ...run,
    responses: (form) => inBatches(responses(form)),
    signatures: registerOf(signatures),
    withdrawals: registerOf(withdrawals),
    verifications: registerOf(verifications),
    participants: registerOf(participants),
  };
}

/** The records of an archive file, as the archive writer reads them. */
export async function recordsOf(records: AsyncIterable<string[]>): Promise<string[]> {
  const all: string[] = [];
  for await (const batch of records) all.push(...batch);
  return all;
}
