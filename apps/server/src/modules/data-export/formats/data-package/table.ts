import { csvRecord, type CsvValue } from '../../../../lib/csv-stream';
import type { ArchiveEntry } from '../entry';
import type { TableField, TableSchema } from './fields';

/** The folder of the data package: its CSV files and, last, their descriptor. */
export const DATA_DIR = 'data/';

/** One CSV file of the package and its Table Schema. */
export interface Table {
  entry: ArchiveEntry;
  schema: TableSchema;
}

/**
 * A CSV file of the package: UTF-8 without a byte order mark (the Data Package says its encoding, and a mark would
 * be read as part of the first column's name), the header, then each batch of records as read.
 */
export function csvTable(file: {
  name: string;
  about: string;
  header: readonly string[];
  fields: TableField[];
  primaryKey?: string[];
  records: () => AsyncIterable<CsvValue[][]>;
}): Table {
  return {
    entry: {
      path: `${DATA_DIR}${file.name}`,
      about: file.about,
      headerRecords: 1,
      async *records() {
        yield [csvRecord(file.header)];
        for await (const batch of file.records()) yield batch.map(csvRecord);
      },
    },
    schema: {
      fields: file.fields,
      missingValues: [''],
      ...(file.primaryKey ? { primaryKey: file.primaryKey } : {}),
    },
  };
}

/** Each batch of rows as the cells of its records. */
export async function* cellsOf<Row>(
  batches: AsyncIterable<Row[]>,
  cells: (row: Row) => CsvValue[],
): AsyncGenerator<CsvValue[][]> {
  for await (const batch of batches) yield batch.map(cells);
}
