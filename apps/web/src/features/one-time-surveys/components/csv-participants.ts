import Papa from 'papaparse';
import { participantCollector, type ParticipantList } from './participant-list';

/** The largest CSV file of participants taken, 5 MB. */
export const CSV_MAX_BYTES = 5_242_880;
/** Read in slices of this size, so a large file shows its progress and the page stays responsive. */
const SLICE_BYTES = 256 * 1024;

/** Why a CSV file was not read: a catalog key. */
export class CsvRefused extends Error {}

const looksLikeCsv = (file: File) =>
  /\.csv$/i.test(file.name) || ['text/csv', 'application/vnd.ms-excel', 'text/plain'].includes(file.type);

/**
 * Reads a CSV file of e-mails or user IDs in slices, telling its progress from 0 to 1. Quotes, Windows line
 * ends, a byte order mark, blank lines, repeats and a header line are handled as `participantCollector` says.
 */
export function readParticipantCsv(file: File, onProgress: (fraction: number) => void): Promise<ParticipantList> {
  if (!looksLikeCsv(file)) return Promise.reject(new CsvRefused('oneTimeSurveys.participants.csvType'));
  if (file.size > CSV_MAX_BYTES) return Promise.reject(new CsvRefused('oneTimeSurveys.participants.csvTooLarge'));
  if (file.size === 0) return Promise.reject(new CsvRefused('oneTimeSurveys.participants.csvEmpty'));
  const collector = participantCollector();
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
      error: () => reject(new CsvRefused('oneTimeSurveys.participants.csvUnreadable')),
    });
  });
}
