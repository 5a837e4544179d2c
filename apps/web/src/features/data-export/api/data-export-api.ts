import { useQuery } from '@tanstack/react-query';
import type { TDateRange } from '@portal/shared/api/date-range';
import { exportFileName, ZExportInstrumentsReply, type TDataExportKind } from '@portal/shared/data-export/data-export';
import { localCalendarDate } from '@portal/shared/dates';
import { authorizedDownload, authorizedRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/blob-files';

const PATHS: Record<TDataExportKind, string> = {
  surveyAnswers: '/data-export/survey-answers',
  dataDictionary: '/data-export/data-dictionary',
  consentRegister: '/data-export/consent-register',
  verificationRegister: '/data-export/verification-register',
};

/** `GET /data-export/instruments`: the questionnaire versions with their submitted responses counted. */
export function useExportInstruments() {
  return useQuery({
    queryKey: ['data-export', 'instruments'],
    queryFn: async () => (await authorizedRequest('/data-export/instruments', ZExportInstrumentsReply)).data!,
  });
}

/** What one download covers: a form version (answers and dictionary), a date range (answers and registers). */
export interface ExportRequest {
  kind: TDataExportKind;
  form?: { formKey: string; version: number };
  range?: TDateRange;
}

/** Downloads one export with the session's token and saves it under its name with today's date. */
export async function downloadExport({ kind, form, range }: ExportRequest) {
  const query = new URLSearchParams({
    ...(form && { formKey: form.formKey, version: String(form.version) }),
    ...(range && kind !== 'dataDictionary' && range),
  });
  const search = query.toString();
  const blob = await authorizedDownload(search ? `${PATHS[kind]}?${search}` : PATHS[kind]);
  saveBlob(blob, exportFileName(kind, localCalendarDate(), form));
}
