import { quotedCell } from '../../../../lib/csv';

/**
 * One record of a REDCap import file: RFC 4180 (a cell with a comma, quote or line break quoted, CRLF at the end),
 * in UTF-8 without a byte order mark. Unlike the archive's other CSV files (`csvLine`), no cell gets the
 * spreadsheet apostrophe before a leading = + - @: REDCap would import it as part of the value.
 */
export const redcapRecord = (cells: readonly string[]) => `${cells.map(quotedCell).join(',')}\r\n`;
