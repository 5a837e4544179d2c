/** A file of the archive as it has been written: its size, SHA-256 (hex) and data rows. */
export interface WrittenFile {
  path: string;
  about: string;
  bytes: number;
  sha256: string;
  rows: number;
}

/**
 * One file of an export archive. Its records are produced when the file is written, a batch at a time; each
 * string is one whole record with its own line ending (a CSV record, an NDJSON line) or a whole small file.
 * The files are written in the order given, so a file may describe those before it (`written`).
 */
export interface ArchiveEntry {
  /** Its path in the archive, e.g. `redcap/data-dictionary.csv`. */
  path: string;
  /** What it is, one sentence in English, for the archive's README. */
  about: string;
  /** Records that are no data rows (a CSV header): not counted. */
  headerRecords: number;
  records(written: ReadonlyMap<string, WrittenFile>): AsyncIterable<string[]>;
}
