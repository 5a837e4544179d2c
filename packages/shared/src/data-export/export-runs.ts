import { z } from 'zod';
import { call } from '../api/call';
import { envelope } from '../api/envelope';
import { withOptionalDateRange } from '../api/date-range';

/** How long a run's archive can be downloaded: 7 days from the end of the run. */
export const EXPORT_ARCHIVE_DAYS = 7;

/** The formats a run writes, each into its own folder of the archive. */
export const EXPORT_FORMATS = ['dataPackage', 'redcap', 'fhir'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/** The registers a run may carry besides questionnaire answers. */
export const EXPORT_REGISTERS = ['consent', 'verification', 'studyStatus'] as const;
export type TExportRegister = (typeof EXPORT_REGISTERS)[number];

export const EXPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type TExportRunStatus = (typeof EXPORT_RUN_STATUSES)[number];

/** The most questionnaire versions one run may name. */
export const EXPORT_RUN_MAX_FORMS = 200;

export const EXPORT_RUN_MESSAGES = {
  emptySelection: 'dataExport.run.error.emptySelection',
  noFormat: 'dataExport.run.error.noFormat',
  formNotFound: 'dataExport.error.formNotFound',
  alreadyRunning: 'dataExport.run.error.alreadyRunning',
  runNotFound: 'dataExport.run.error.notFound',
  notReady: 'dataExport.run.error.notReady',
  expired: 'dataExport.run.error.expired',
  identifiedNotAllowed: 'dataExport.run.error.identifiedNotAllowed',
  /** Why a run failed, shown with it; the cause is logged, never shown. */
  failed: 'dataExport.run.error.failed',
  interrupted: 'dataExport.run.error.interrupted',
} as const;

const ZFormVersion = z.object({ formKey: z.string().min(1).max(64), version: z.number().int().min(1) });

export const START_EXPORT_RUN = call('POST', '/data-export/runs');

/**
 * `POST /data-export/runs`: what to export (questionnaire versions and registers, at least one of them), the
 * formats (at least one), an optional range of days (both included, in the study time zone), and whether the
 * archive is de-identified. A role without identified export must ask for the de-identified form.
 */
export const ZStartExportRun = withOptionalDateRange({
  forms: z.array(ZFormVersion).max(EXPORT_RUN_MAX_FORMS).default([]),
  registers: z.array(z.enum(EXPORT_REGISTERS)).default([]),
  formats: z.array(z.enum(EXPORT_FORMATS)),
  deidentified: z.boolean(),
}).superRefine((value, context) => {
  const { forms, registers, formats } = value as { forms: unknown[]; registers: unknown[]; formats: unknown[] };
  if (forms.length === 0 && registers.length === 0)
    context.addIssue({ code: 'custom', message: EXPORT_RUN_MESSAGES.emptySelection, path: ['forms'] });
  if (formats.length === 0)
    context.addIssue({ code: 'custom', message: EXPORT_RUN_MESSAGES.noFormat, path: ['formats'] });
});
export type TStartExportRun = z.output<typeof ZStartExportRun>;

/** A run as its requester sees it: what it holds, how far it has come, and its archive once done. */
export const ZExportRun = z.object({
  id: z.string().uuid(),
  status: z.enum(EXPORT_RUN_STATUSES),
  forms: z.array(ZFormVersion),
  registers: z.array(z.enum(EXPORT_REGISTERS)),
  formats: z.array(z.enum(EXPORT_FORMATS)),
  from: z.string().nullable(),
  to: z.string().nullable(),
  deidentified: z.boolean(),
  /** Files written so far and in all, and the data rows written so far. */
  progress: z.object({ filesDone: z.number().int(), filesTotal: z.number().int(), rows: z.number().int() }),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when the archive can be downloaded (done runs only). */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes and SHA-256 (hex), once done. */
  archive: z.object({ fileName: z.string(), bytes: z.number().int(), sha256: z.string() }).nullable(),
  /** Why the run failed, as a catalog key. */
  failure: z.string().nullable(),
});
export type TExportRun = z.infer<typeof ZExportRun>;

export const ZExportRunReply = envelope(ZExportRun);

export const LIST_EXPORT_RUNS = call('GET', '/data-export/runs');
/** `GET /data-export/runs`: the caller's runs of the last 7 days, newest first. */
export const ZExportRunsReply = envelope(z.array(ZExportRun));

export const GET_EXPORT_RUN = call('GET', '/data-export/runs/:id');
export const ZExportRunParams = z.object({ id: z.string().uuid({ message: EXPORT_RUN_MESSAGES.runNotFound }) });

export const DOWNLOAD_EXPORT_RUN = call('GET', '/data-export/runs/:id/archive');

/** Whether a run has ended, one way or another: nothing more will change but its expiry. */
export const runHasEnded = (status: TExportRunStatus) => status !== 'queued' && status !== 'running';
