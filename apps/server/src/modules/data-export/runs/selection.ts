import type { TStartExportRun } from '@portal/shared/data-export/export-runs';

/** What a run was asked for, as kept with it: form versions, registers, formats, range and form. */
export type ExportSelection = TStartExportRun;
