/** The byte order mark a CSV file starts with, so spreadsheets read it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One CSV cell as RFC 4180 has it: quoted, its quotes doubled, when it holds a comma, quote or line break. */
export const quotedCell = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe; a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string): string {
  return quotedCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

/** One CSV line of cells, ended by CRLF. */
export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
