import { ONE_TIME_PARTICIPANTS_MAX } from '@portal/shared/surveys/one-time-surveys';

/** An e-mail or user ID as read, with the line of the list or CSV file it came from (from 1). */
export interface ParticipantRow {
  row: number;
  value: string;
}

/** A list of participants as read: each distinct value once, and how many repeats and blank lines were dropped. */
export interface ParticipantList {
  rows: ParticipantRow[];
  duplicates: number;
  blanks: number;
  /** Whether the first line named its column (email, userId…) and was not taken as a participant. */
  header: boolean;
  /** More values than a survey may have: reading stopped there. */
  tooMany: boolean;
}

/** A first line that names the column instead of holding a participant. */
const HEADER_CELL = /^(e-?mail(\s*address)?|user\s*_?id|participant\s*_?id|id)$/i;

/** A cell as a value: without a byte order mark, surrounding spaces or quotes a spreadsheet left. */
const clean = (cell: string | undefined) => (cell ?? '').replace(/\uFEFF/g, '').trim();

/**
 * Collects participants line by line. A header line picks its column (else the first is read); blank lines and
 * repeats (e-mails compared without case) are counted and dropped. A cell that looks like a spreadsheet formula
 * (`=`, `+`, `-`, `@`) is kept as the plain text it is: it is only ever compared and shown, never evaluated.
 */
export function participantCollector() {
  const seen = new Set<string>();
  const list: ParticipantList = { rows: [], duplicates: 0, blanks: 0, header: false, tooMany: false };
  let column: number | undefined;
  let line = 0;
  return {
    /** Reads one line's cells (the next line unless told); false once the list holds more than a survey may have. */
    add(cells: readonly string[], at = line + 1): boolean {
      line = at;
      if (cells.every((cell) => clean(cell) === '')) {
        list.blanks += 1;
        return true;
      }
      if (column === undefined) {
        const named = cells.findIndex((cell) => HEADER_CELL.test(clean(cell)));
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
      if (list.rows.length === ONE_TIME_PARTICIPANTS_MAX) {
        list.tooMany = true;
        return false;
      }
      seen.add(key);
      list.rows.push({ row: line, value });
      return true;
    },
    result: (): ParticipantList => list,
  };
}

/** A pasted list: one e-mail or user ID a line, or several on a line separated by commas or semicolons. */
export function readPastedParticipants(text: string): ParticipantList {
  const collector = participantCollector();
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    const values = line.split(/[,;]/).filter((value, i, all) => all.length === 1 || value.trim() !== '');
    if (!values.every((value) => collector.add([value], index + 1))) break;
  }
  return collector.result();
}
