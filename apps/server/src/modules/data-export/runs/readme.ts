import type { ExportDataset } from '../formats/dataset';
import type { ArchiveEntry, WrittenFile } from '../formats/entry';
import { DEIDENTIFICATION_RULES } from '../deidentify/rules';
import type { ExportSelection } from './selection';

export const README_PATH = 'README.md';

/** The versions of the formats the archive's folders follow. */
const FORMAT_VERSIONS: Record<ExportSelection['formats'][number], string> = {
  dataPackage:
    '`data/`: CSV files (UTF-8, RFC 4180, CRLF) described by `data/datapackage.json`, a Frictionless Data ' +
    'Package (v1) with a Table Schema per file.',
  redcap:
    '`redcap/`: a REDCap data dictionary, events and instrument designations for a longitudinal project, and ' +
    'records files in REDCap\u2019s flat CSV import format (one per instrument, survey rounds as events).',
  fhir: '`fhir/`: FHIR R4 (4.0.1) resources as Bulk Data NDJSON, one file per resource type, one resource per line.',
};

const count = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/**
 * The days the run covered: every date, or the range asked for (survey submissions, signatures, withdrawals and
 * verification updates; participants' study status lists everyone). A de-identified archive does not state the
 * range's days: with them, each participant's date shift could be bounded.
 */
function rangeLine(dataset: ExportDataset) {
  if (!dataset.range) return 'all';
  const what =
    'survey submissions, signatures, withdrawals and verification updates within it; participants\u2019 study ' +
    'status lists every participant as of the run';
  if (dataset.deidentified) return `a range of days asked for, not stated in a de-identified export (${what})`;
  return `${dataset.range.from} to ${dataset.range.to}, both days included, in the study time zone (${what})`;
}

/**
 * The archive's README, written last: what was asked for, the form of the data (with every de-identification
 * rule applied), the formats' versions, and each file with what it is, its data rows, size and SHA-256.
 */
export function readmeEntry(dataset: ExportDataset, selection: ExportSelection, runId: string): ArchiveEntry {
  return {
    path: README_PATH,
    about: 'This file.',
    // The README is one record and no data row.
    headerRecords: 1,
    async *records(written: ReadonlyMap<string, WrittenFile>) {
      const lines = [
        `# ${dataset.study.title.en}: study data export`,
        '',
        `Run ${runId}, made at ${dataset.startedAt.toISOString()}.`,
        '',
        '## What it holds',
        '',
        `- Questionnaires: ${
          dataset.forms.length === 0
            ? 'none'
            : dataset.forms.map((form) => `${form.title.en} (${form.formKey}, version ${form.version})`).join('; ')
        }.`,
        `- Registers: ${selection.registers.length === 0 ? 'none' : selection.registers.join(', ')}.`,
        `- Dates: ${rangeLine(dataset)}.`,
        '- Moments are in ISO 8601, UTC.',
        '',
        '## Form of the data',
        '',
        ...(dataset.deidentified
          ? [
              'De-identified: the identifiers HIPAA Safe Harbor lists are removed, with dates shifted rather than ' +
                'reduced to years. These rules were applied:',
              '',
              ...DEIDENTIFICATION_RULES.map((rule) => `- ${rule}`),
            ]
          : [
              'Identified: participants appear by their user ID in the portal. No names, e-mail addresses or ' +
                'phone numbers are included. Handle these files as identifiable health information.',
            ]),
        '',
        '## Formats',
        '',
        ...selection.formats.map((format) => `- ${FORMAT_VERSIONS[format]}`),
        '',
        '## Files',
        '',
        '| File | What it is | Data rows | Bytes | SHA-256 |',
        '| --- | --- | ---: | ---: | --- |',
        ...[...written.values()].map(
          (file) => `| \`${file.path}\` | ${file.about} | ${file.rows} | ${file.bytes} | \`${file.sha256}\` |`,
        ),
        '',
        `${count(written.size, 'file', 'files')} besides this README, ${count(
          [...written.values()].reduce((sum, file) => sum + file.rows, 0),
          'data row',
          'data rows',
        )} in all.`,
        '',
      ];
      yield [lines.join('\n')];
    },
  };
}
