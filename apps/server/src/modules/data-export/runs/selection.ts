import type { TStartExportRun } from '@portal/shared/data-export/export-runs';

/** What a run was asked for, as kept with it: form versions, registers, formats, range and form. */
export type ExportSelection = TStartExportRun;

/** A selection's range, or none. */
export const rangeOf = (selection: ExportSelection) =>
  selection.from && selection.to ? { from: selection.from, to: selection.to } : undefined;
