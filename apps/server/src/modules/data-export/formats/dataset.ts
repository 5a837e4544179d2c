import type { IsoDate } from '@portal/shared/dates';
import type { AnswerColumn } from '../answer-columns';

/**
 * What one export run reads, already in the run's form. In a de-identified run every participant is a pseudonym
 * drawn for the run, every other record id too, each participant's moments are shifted by their own offset, births
 * are years (or 90+), postal codes three digits (or 000), and free-text answer columns are left out. The format
 * writers only lay this out; they never see a user ID, a name, an e-mail or a phone number.
 *
 * Rows come in batches, read from the database a window at a time: a writer must not keep them all.
 */
export interface ExportDataset {
  deidentified: boolean;
  /** When the run started: the moment files are said to be made at. */
  startedAt: Date;
  study: { identifier: string; title: { en: string; sp: string } };
  /** The range of days asked for (both included, study time zone), if any. */
  range?: { from: IsoDate; to: IsoDate };
  /** The questionnaire versions chosen, in round order then one-time forms. */
  forms: DatasetForm[];
  /** The submitted responses of one chosen form version within the range, in a stable order. */
  responses(form: DatasetForm): AsyncIterable<DatasetResponse[]>;
  /** Present when the consent register was chosen. */
  signatures?: () => AsyncIterable<DatasetSignature[]>;
  withdrawals?: () => AsyncIterable<DatasetWithdrawal[]>;
  /** Present when the verification register was chosen. */
  verifications?: () => AsyncIterable<DatasetVerification[]>;
  /** Present when participants' study status was chosen. */
  participants?: () => AsyncIterable<DatasetParticipant[]>;
}

export interface DatasetForm {
  formKey: string;
  version: number;
  kind: 'round' | 'one-time';
  title: { en: string; sp: string };
  /** The SurveyJS definition, with its Spanish texts under the locale `es`. */
  definition: unknown;
  /** The survey rounds this version was answered in (round numbers, ascending); none for a one-time form sent alone. */
  rounds: number[];
  /** The answer columns the run exports, in question order (free text left out of a de-identified run). */
  columns: AnswerColumn[];
}

export interface DatasetResponse {
  /** The response's id, or its pseudonym. */
  id: string;
  participant: string;
  roundNumber: number | null;
  oneTimeSurveyId: string | null;
  startedAt: Date | null;
  submittedAt: Date;
  /** The answers as the portal keeps them (question code → value); read them through the form's columns only. */
  answers: Record<string, unknown>;
}

export interface DatasetSignature {
  /** The signature's id, or its pseudonym. */
  id: string;
  participant: string;
  event: 'consent' | 'reconsent';
  signedAt: Date;
  /** The health system whose form was signed (its database value), or null for the study's default form. */
  healthSystem: string | null;
  language: 'en' | 'sp';
  formVersion: number;
  /**
   * The signed PDF kept by the portal: its SHA-256 (hex) and size in bytes. Null in a de-identified run: the hash of
   * a document bearing the participant's name and signature would lead back to them.
   */
  document: { sha256: string; bytes: number } | null;
  /** When the participant withdrew, if they did. */
  withdrawnAt: Date | null;
}

export interface DatasetWithdrawal {
  participant: string;
  withdrawnAt: Date;
  carriedOutBy: 'participant' | 'administrator';
  /** The administrator who recorded it; null for the participant's own, and always in a de-identified run. */
  administratorId: string | null;
}

export interface DatasetVerification {
  participant: string;
  healthSystem: string;
  status: 'verified' | 'rejected' | 'pending';
  consentedAt: Date | null;
  updatedAt: Date;
  lastChange: string | null;
}

export const PARTICIPANT_STATUSES = ['registered', 'consented', 'withdrawn'] as const;

export interface DatasetParticipant {
  participant: string;
  status: (typeof PARTICIPANT_STATUSES)[number];
  healthSystem: string | null;
  language: 'en' | 'sp';
  registeredAt: Date;
  consentedAt: Date | null;
  withdrawnAt: Date | null;
  /** Identified: the birth date (YYYY-MM-DD). De-identified: the year (YYYY), or 90+ for an age of 90 or more. */
  birth: string | null;
  /** Identified: as given. De-identified: the first three digits, or 000 for a small three-digit area. */
  postalCode: string | null;
  gender: string | null;
  country: string | null;
}
