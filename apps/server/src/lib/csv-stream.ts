import { CSV_BOM, csvLine } from './csv';

/** A cell as exported: nothing for a missing value, a moment in ISO 8601 UTC, anything else as its plain text. */
export type CsvValue = string | number | boolean | Date | null | undefined;

const text = (value: CsvValue) =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);

/** One record of exported values; every cell is neutralised and quoted as `csvCell` does. */
export const csvRecord = (cells: readonly CsvValue[]) => csvLine(cells.map(text));

/**
 * The lines of a CSV file, produced as they are read: the header, then each batch of records as one chunk, so
 * a download never holds more than a batch. `done` gets the number of records when the last one is written,
 * or when the reader stops early (`complete` false).
 */
export async function* csvFile<Row>(
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
  cellsOf: (row: Row) => readonly CsvValue[],
  done: (rowCount: number, complete: boolean) => Promise<void>,
): AsyncGenerator<string> {
  let rowCount = 0;
  let complete = false;
  try {
    yield CSV_BOM + csvRecord(header);
    for await (const batch of batches) {
      rowCount += batch.length;
      yield batch.map((row) => csvRecord(cellsOf(row))).join('');
    }
    complete = true;
  } finally {
    await done(rowCount, complete);
  }
}

/**
 * Reads a table in windows of its key order, so each read costs the same however far it is and whatever the
 * filter: `keysAfter(after)` answers the next `limit` keys (from the key's index alone), `rowsWithin(window)` the
 * rows of that window that pass the filter. Stops after the first short window.
 */
export async function* windowBatches<Key, Row>(
  keysAfter: (after: Key | undefined) => Promise<Key[]>,
  rowsWithin: (window: { first: Key; last: Key }) => Promise<Row[]>,
  limit: number,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const keys = await keysAfter(after);
    if (keys.length === 0) return;
    after = keys[keys.length - 1]!;
    const rows = await rowsWithin({ first: keys[0]!, last: after });
    if (rows.length > 0) yield rows;
    if (keys.length < limit) return;
  }
}
