import { useQuery } from '@tanstack/react-query';
import type { TDateRange } from '@portal/shared/api/date-range';
import {
  exportFileName,
  ZExportInstrumentsReply,
  type TDataExportKind,
  GET_DATA_EXPORT_CONSENT_REGISTER,
  GET_DATA_EXPORT_DATA_DICTIONARY,
  GET_DATA_EXPORT_INSTRUMENTS,
  GET_DATA_EXPORT_SURVEY_ANSWERS,
  GET_DATA_EXPORT_VERIFICATION_REGISTER,
} from '@portal/shared/data-export/data-export';
import { localCalendarDate } from '@portal/shared/dates';
import { authorizedDownload, authorizedRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/blob-files';

const PATHS: Record<TDataExportKind, string> = {
  surveyAnswers: GET_DATA_EXPORT_SURVEY_ANSWERS.path,
  dataDictionary: GET_DATA_EXPORT_DATA_DICTIONARY.path,
  consentRegister: GET_DATA_EXPORT_CONSENT_REGISTER.path,
  verificationRegister: GET_DATA_EXPORT_VERIFICATION_REGISTER.path,
};

/** `GET /data-export/instruments`: the questionnaire versions with their submitted responses counted. */
export function useExportInstruments() {
  return useQuery({
    queryKey: ['data-export', 'instruments'],
    queryFn: async () => (await authorizedRequest(GET_DATA_EXPORT_INSTRUMENTS.path, ZExportInstrumentsReply)).data!,
  });
}

/**
 * What one download covers: a form version (answers and dictionary), a date range (answers and registers), and
 * whether it is de-identified (the identified form sends no parameter).
 */
export interface ExportRequest {
  kind: TDataExportKind;
  form?: { formKey: string; version: number };
  range?: TDateRange;
  deidentified?: boolean;
}

/** Downloads one export with the session's token and saves it under its name with today's date. */
export async function downloadExport({ kind, form, range, deidentified }: ExportRequest) {
  const query = new URLSearchParams({
    ...(form && { formKey: form.formKey, version: String(form.version) }),
    ...(range && kind !== 'dataDictionary' && range),
    ...(deidentified && { deidentified: 'true' }),
  });
  const search = query.toString();
  const blob = await authorizedDownload(search ? `${PATHS[kind]}?${search}` : PATHS[kind]);
  saveBlob(blob, exportFileName(kind, localCalendarDate(), { form, deidentified }));
}
