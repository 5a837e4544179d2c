import { z } from 'zod';
import { envelope } from '../api/envelope';
import { withOptionalDateRange } from '../api/date-range';
import type { IsoDate } from '../dates';
import { call } from '../api/call';

export const GET_DATA_EXPORT_VERIFICATION_REGISTER = call('GET', '/data-export/verification-register');

export const DATA_EXPORT_MESSAGES = {
  formNotFound: 'dataExport.error.formNotFound',
} as const;

/** The files the Data Export tab offers, each a CSV download. */
export const DATA_EXPORT_KINDS = [
  'surveyAnswers',
  'dataDictionary',
  'consentRegister',
  'verificationRegister',
] as const;
export type TDataExportKind = (typeof DATA_EXPORT_KINDS)[number];

/**
 * `deidentified=true` asks for the de-identified form of a file: participants under a pseudonym, no free text.
 * Without it a caller who may have identified files gets them; a caller who may not always gets the de-identified
 * form, whatever they ask.
 */
const deidentifiedShape = {
  deidentified: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
};

/** One instrument version: its key and version number. */
const instrumentShape = {
  formKey: z.string().min(1).max(64),
  version: z.coerce.number().int().min(1),
};

export const GET_DATA_EXPORT_DATA_DICTIONARY = call('GET', '/data-export/data-dictionary');

/** `GET /data-export/data-dictionary?formKey&version[&deidentified]`. */
export const ZDataDictionaryQuery = z.object({ ...instrumentShape, ...deidentifiedShape });
export type TDataDictionaryQuery = z.output<typeof ZDataDictionaryQuery>;

export const GET_DATA_EXPORT_SURVEY_ANSWERS = call('GET', '/data-export/survey-answers');

/** `GET /data-export/survey-answers?formKey&version[&from&to][&deidentified]`: responses submitted within the range. */
export const ZSurveyAnswersQuery = withOptionalDateRange({ ...instrumentShape, ...deidentifiedShape });
export type TSurveyAnswersQuery = z.output<typeof ZSurveyAnswersQuery>;

export const GET_DATA_EXPORT_CONSENT_REGISTER = call('GET', '/data-export/consent-register');

/**
 * `GET /data-export/consent-register[?from&to][&deidentified]` and
 * `/data-export/verification-register[?from&to][&deidentified]`.
 */
export const ZRegisterQuery = withOptionalDateRange(deidentifiedShape);
export type TRegisterQuery = z.output<typeof ZRegisterQuery>;

/** A questionnaire version that answers can be exported for, with its submitted responses counted. */
export const ZExportInstrument = z.object({
  formKey: z.string(),
  version: z.number().int(),
  kind: z.enum(['round', 'one-time']),
  title: z.object({ en: z.string(), sp: z.string() }),
  submitted: z.number().int(),
});
export type TExportInstrument = z.infer<typeof ZExportInstrument>;

export const GET_DATA_EXPORT_INSTRUMENTS = call('GET', '/data-export/instruments');

/** `GET /data-export/instruments`: the study's instruments in round order, then one-time survey forms. */
export const ZExportInstrumentsReply = envelope(z.array(ZExportInstrument));

const FILE_STEMS: Record<TDataExportKind, string> = {
  surveyAnswers: 'survey-answers',
  dataDictionary: 'data-dictionary',
  consentRegister: 'consent-register',
  verificationRegister: 'verification-register',
};

/** What a download's name says besides its kind and day: the form version it covers, and whether it is de-identified. */
export interface ExportFileNaming {
  form?: { formKey: string; version: number };
  deidentified?: boolean;
}

/**
 * The name a download is saved under: what it holds, `deidentified` for the de-identified form, the form version if
 * any, and the day (YYYY-MM-DD).
 */
export function exportFileName(kind: TDataExportKind, date: IsoDate, { form, deidentified }: ExportFileNaming = {}) {
  const what = form ? `-${form.formKey.replace(/[^\w-]/g, '_')}-v${form.version}` : '';
  return `${FILE_STEMS[kind]}${deidentified ? '-deidentified' : ''}${what}-${date}.csv`;
}
