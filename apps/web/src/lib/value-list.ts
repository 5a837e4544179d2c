/** A value of a list as read (an e-mail, a user ID), with the line of the list or CSV file it came from (from 1). */
export interface ListRow {
  row: number;
  value: string;
}

/** A list as read: each distinct value once, and how many repeats and blank lines were dropped. */
export interface ValueList {
  rows: ListRow[];
  duplicates: number;
  blanks: number;
  /** Whether the first line named its column (email, userId…) and was not taken as a value. */
  header: boolean;
  /** More values than the list may have: reading stopped there. */
  tooMany: boolean;
}

/** What a collector takes: the header cells that name its column, and how many values it keeps at most. */
export interface CollectorOptions {
  headerCell: RegExp;
  max: number;
}

/** A cell as a value: without a byte order mark, surrounding spaces or quotes a spreadsheet left. */
const clean = (cell: string | undefined) => (cell ?? '').replace(/\uFEFF/g, '').trim();

/**
 * Collects a list line by line. A header line picks its column (else the first is read); blank lines and
 * repeats (compared without case) are counted and dropped. A cell that looks like a spreadsheet formula
 * (`=`, `+`, `-`, `@`) is kept as the plain text it is: it is only ever compared and shown, never evaluated.
 */
export function valueCollector({ headerCell, max }: CollectorOptions) {
  const seen = new Set<string>();
  const list: ValueList = { rows: [], duplicates: 0, blanks: 0, header: false, tooMany: false };
  let column: number | undefined;
  let line = 0;
  return {
    /** Reads one line's cells (the next line unless told); false once the list holds more than it may have. */
    add(cells: readonly string[], at = line + 1): boolean {
      line = at;
      if (cells.every((cell) => clean(cell) === '')) {
        list.blanks += 1;
        return true;
      }
      if (column === undefined) {
        const named = cells.findIndex((cell) => headerCell.test(clean(cell)));
        column = Math.max(named, 0);
        if (named >= 0) {
          list.header = true;
          return true;
        }
      }
      const value = clean(cells[column]);
      if (value === '') {
        list.blanks += 1;
        return true;
      }
      const key = value.toLowerCase();
      if (seen.has(key)) {
        list.duplicates += 1;
        return true;
      }
      if (list.rows.length === max) {
        list.tooMany = true;
        return false;
      }
      seen.add(key);
      list.rows.push({ row: line, value });
      return true;
    },
    result: (): ValueList => list,
  };
}
export type ValueCollector = ReturnType<typeof valueCollector>;

/** A pasted list: one value a line, or several on a line separated by commas or semicolons. */
export function readPastedList(text: string, collector: ValueCollector): ValueList {
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    const values = line.split(/[,;]/).filter((value, i, all) => all.length === 1 || value.trim() !== '');
    if (!values.every((value) => collector.add([value], index + 1))) break;
  }
  return collector.result();
}
