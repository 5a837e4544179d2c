import type { ExportDataset } from '../dataset';
import type { ArchiveEntry, WrittenFile } from '../entry';
import { DATA_DIR, type Table } from './table';

export const DESCRIPTOR_PATH = `${DATA_DIR}datapackage.json`;

/** A name as a Data Package wants it: lower case letters, digits and - . _ only. */
const packageName = (text: string) => text.toLowerCase().replace(/[^a-z0-9._-]/g, '-');

/**
 * A Data Resource per CSV file, with its size and SHA-256 as written. Its path is relative to the descriptor,
 * which lies beside it. The files follow CSV Dialect's defaults (comma, double quote, CRLF, a header), so none is
 * given.
 */
function resource(table: Table, file: WrittenFile) {
  const path = file.path.slice(DATA_DIR.length);
  return {
    name: packageName(path.replace(/\.csv$/, '')),
    path,
    profile: 'tabular-data-resource',
    description: file.about,
    format: 'csv',
    mediatype: 'text/csv',
    encoding: 'utf-8',
    bytes: file.bytes,
    hash: `sha256:${file.sha256}`,
    schema: table.schema,
  };
}

/**
 * `data/datapackage.json`, written after the CSV files: a Frictionless Tabular Data Package (v1) that describes
 * each of them with its Table Schema. Its one record is the whole file, no data row.
 */
export function descriptorEntry(dataset: ExportDataset, tables: Table[]): ArchiveEntry {
  return {
    path: DESCRIPTOR_PATH,
    about: 'The Frictionless Data Package (v1) of the files in data/: each one’s size, SHA-256 and Table Schema.',
    headerRecords: 1,
    async *records(written: ReadonlyMap<string, WrittenFile>) {
      const resources = tables.map((table) => {
        const file = written.get(table.entry.path);
        if (!file) throw new Error(`${table.entry.path} must be written before ${DESCRIPTOR_PATH}`);
        return resource(table, file);
      });
      const descriptor = {
        profile: 'tabular-data-package',
        name: packageName(dataset.study.identifier),
        title: dataset.study.title.en,
        created: dataset.startedAt.toISOString(),
        resources,
      };
      yield [`${JSON.stringify(descriptor, null, 2)}\n`];
    },
  };
}
