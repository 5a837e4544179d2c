import type { CsvValue } from '../../lib/csv-stream';
import type { AnswerColumn } from './answer-columns';
import { administratorColumn, type ParticipantColumn } from './deidentified';

// The columns of the portal's own CSV files and how a row fills them, shared by the Data Export tab's downloads and
// the data package of an export run so both lay out the same files. A row's participant comes as the file shows it.

export const surveyAnswersHeader = (participant: ParticipantColumn['name'], columns: readonly AnswerColumn[]) => [
  participant,
  'roundNumber',
  'oneTimeSurveyId',
  'startedAt',
  'submittedAt',
  ...columns.map((c) => c.code),
];

export interface SurveyAnswersRow {
  participant: string;
  roundNumber: number | null;
  oneTimeSurveyId: string | null;
  startedAt: Date | null;
  submittedAt: Date | null;
  answers: Record<string, unknown>;
}

export const surveyAnswersCells = (row: SurveyAnswersRow, columns: readonly AnswerColumn[]): CsvValue[] => [
  row.participant,
  row.roundNumber,
  row.oneTimeSurveyId,
  row.startedAt,
  row.submittedAt,
  ...columns.map((c) => c.read(row.answers)),
];

export const DATA_DICTIONARY_HEADER = ['code', 'labelEn', 'labelSp', 'type', 'answersEn', 'answersSp'] as const;

const answersList = (column: AnswerColumn, language: 'en' | 'sp') =>
  column.answers.map((answer) => `${answer.code}=${answer[language]}`).join(' | ');

/** A column's entry in the data dictionary: its answer codes listed as `code=label | …` in each language. */
export const dataDictionaryCells = (c: AnswerColumn): CsvValue[] => [
  c.code,
  c.labelEn,
  c.labelSp,
  c.type,
  answersList(c, 'en'),
  answersList(c, 'sp'),
];

/** The consent register: a row per signature, then per withdrawal; the administrator column only when identified. */
export const consentRegisterHeader = (participant: ParticipantColumn['name'], deidentified: boolean) => [
  participant,
  'event',
  'date',
  'healthSystem',
  'formLanguage',
  'formVersion',
  'carriedOutBy',
  ...administratorColumn(deidentified).header,
];

export interface SignatureEvent {
  participant: string;
  event: 'consent' | 'reconsent';
  signedAt: Date;
  /** The health system of the form signed, or null for the study's default form (written `default`). */
  healthSystem: string | null;
  language: string;
  formVersion: number;
}

/** A signature's event: a re-consent when the participant had signed before, else their consent. */
export const signatureEvent = (reconsent: boolean): SignatureEvent['event'] => (reconsent ? 'reconsent' : 'consent');

export const signatureCells = (s: SignatureEvent, deidentified: boolean): CsvValue[] => [
  s.participant,
  s.event,
  s.signedAt,
  s.healthSystem ?? 'default',
  s.language,
  s.formVersion,
  'participant',
  ...administratorColumn(deidentified).cells(null),
];

export interface WithdrawalEvent {
  participant: string;
  withdrawnAt: Date;
  carriedOutBy: 'participant' | 'administrator';
  administratorId: string | null;
}

/** Who carried out a withdrawal: an administrator for one recorded on request (`manual`), else the participant. */
export const withdrawnBy = (source: string): WithdrawalEvent['carriedOutBy'] =>
  source === 'manual' ? 'administrator' : 'participant';

export const withdrawalCells = (w: WithdrawalEvent, deidentified: boolean): CsvValue[] => [
  w.participant,
  'withdrawal',
  w.withdrawnAt,
  null,
  null,
  null,
  w.carriedOutBy,
  ...administratorColumn(deidentified).cells(w.administratorId),
];

export const VERIFICATION_STATUSES = ['verified', 'rejected', 'pending'] as const;

/** A verification record's status: Verified (true), Rejected (false), or pending a decision (null). */
export const verificationStatus = (isVerified: boolean | null): (typeof VERIFICATION_STATUSES)[number] =>
  isVerified === null ? 'pending' : isVerified ? 'verified' : 'rejected';

export const verificationRegisterHeader = (participant: ParticipantColumn['name']) => [
  participant,
  'healthSystem',
  'status',
  'consentedAt',
  'updatedAt',
  'lastChange',
];

export interface VerificationRow {
  participant: string;
  healthSystem: string;
  status: (typeof VERIFICATION_STATUSES)[number];
  consentedAt: Date | null;
  updatedAt: Date;
  lastChange: string | null;
}

export const verificationCells = (v: VerificationRow): CsvValue[] => [
  v.participant,
  v.healthSystem,
  v.status,
  v.consentedAt,
  v.updatedAt,
  v.lastChange,
];
