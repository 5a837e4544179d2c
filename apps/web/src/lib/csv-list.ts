import Papa from 'papaparse';
import type { ValueCollector, ValueList } from './value-list';

/** Read in slices of this size, so a large file shows its progress and the page stays responsive. */
const SLICE_BYTES = 256 * 1024;

/** Why a CSV file was not read: a catalog key. */
export class CsvRefused extends Error {}

/** How a list's CSV file is read: which files it takes, its largest size, its refusals and its line collector. */
export interface CsvReading {
  accepts(file: File): boolean;
  maxBytes: number;
  /** Catalog keys: not a file it takes, too large, empty, and unreadable. */
  refusals: { type: string; tooLarge: string; empty: string; unreadable: string };
  collector: ValueCollector;
}

/**
 * Reads a CSV file of a list in slices, telling its progress from 0 to 1. Quotes, Windows line ends, a byte
 * order mark, blank lines, repeats and a header line are handled as the collector says.
 */
export function readCsvList(
  file: File,
  onProgress: (fraction: number) => void,
  { accepts, maxBytes, refusals, collector }: CsvReading,
): Promise<ValueList> {
  if (!accepts(file)) return Promise.reject(new CsvRefused(refusals.type));
  if (file.size > maxBytes) return Promise.reject(new CsvRefused(refusals.tooLarge));
  if (file.size === 0) return Promise.reject(new CsvRefused(refusals.empty));
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: false,
      chunkSize: SLICE_BYTES,
      chunk: (results, parser) => {
        for (const cells of results.data) {
          if (!collector.add(cells)) {
            parser.abort();
            return;
          }
        }
        onProgress(Math.min(1, results.meta.cursor / file.size));
      },
      complete: () => {
        onProgress(1);
        resolve(collector.result());
      },
      error: () => reject(new CsvRefused(refusals.unreadable)),
    });
  });
}
