import {
  USER_ID_PATTERN,
  VERIFICATION_CSV_MAX_BYTES,
  VERIFICATION_IDS_MAX,
  VERIFICATION_MESSAGES,
} from '@portal/shared/health-system-verification/verification-records';
import { CsvRefused, readCsvList } from '../../../lib/csv-list';
import { readPastedList, valueCollector, type ValueList } from '../../../lib/value-list';

/** The header of a verification CSV's column: userId, user_id or user id, in any case. */
const USER_ID_HEADER = /^user(id|_id| id)$/i;

/** A list of user IDs as read for a bulk update. */
export interface IdList {
  /** The IDs that are UUIDs, in lower case, each once, in the order read. */
  valid: string[];
  /** The values that are not UUIDs, as read (a formula-looking cell such as `=cmd` is one of them). */
  invalid: string[];
  /** More IDs than one update takes: reading stopped at 100,000. */
  tooMany: boolean;
}

const idCollector = () => valueCollector({ headerCell: USER_ID_HEADER, max: VERIFICATION_IDS_MAX });

function splitIds(list: ValueList): IdList {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const { value } of list.rows) {
    if (USER_ID_PATTERN.test(value)) valid.push(value.toLowerCase());
    else invalid.push(value);
  }
  return { valid, invalid, tooMany: list.tooMany };
}

/** IDs typed or pasted into the box: one a line, or several on a line separated by commas. */
export const readPastedIds = (text: string): IdList => splitIds(readPastedList(text, idCollector()));

/**
 * A CSV file of user IDs: a .csv of at most 5,242,880 bytes, read in slices with its progress (quotes, Windows
 * line ends, a byte order mark, blank lines and repeats handled). Its first line must name the column (userId,
 * user_id or user id), and it must hold at least one valid ID. A refusal is a `CsvRefused` with a catalog key.
 */
export async function readIdCsv(file: File, onProgress: (fraction: number) => void): Promise<IdList> {
  const list = await readCsvList(file, onProgress, {
    accepts: (f) => /\.csv$/i.test(f.name),
    maxBytes: VERIFICATION_CSV_MAX_BYTES,
    refusals: {
      type: 'verification.csv.type',
      tooLarge: 'verification.csv.tooLarge',
      empty: 'verification.csv.format',
      unreadable: 'verification.csv.unreadable',
    },
    collector: idCollector(),
  });
  if (!list.header) throw new CsvRefused('verification.csv.format');
  const ids = splitIds(list);
  if (ids.valid.length === 0) throw new CsvRefused('verification.csv.noValidIds');
  if (ids.tooMany) throw new CsvRefused(VERIFICATION_MESSAGES.tooManyIds);
  return ids;
}
