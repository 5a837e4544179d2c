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
 * The archive's README, written last: what was asked for, the form of the data (with every de-identification
 * rule applied), the formats' versions, and each file with what it is, its data rows, size and SHA-256.
 */
export function readmeEntry(dataset: ExportDataset, selection: ExportSelection, runId: string): ArchiveEntry {
  return {
    path: README_PATH,
    about: 'This file.',
    headerRecords: 0,
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
        `- Dates: ${
          dataset.range
            ? `${dataset.range.from} to ${dataset.range.to}, both days included, in the study time zone ` +
              '(survey submissions, signatures, withdrawals and verification updates; participants\u2019 study ' +
              'status lists every participant as of the run)'
            : 'all'
        }.`,
        '- Moments are in ISO 8601, UTC.',
        '',
        '## Form of the data',
        '',
        ...(dataset.deidentified
          ? [
              'De-identified by the HIPAA Safe Harbor method. These rules were applied:',
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
