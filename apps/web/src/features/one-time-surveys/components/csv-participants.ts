import { readCsvList } from '../../../lib/csv-list';
import { participantCollector, type ParticipantList } from './participant-list';

export { CsvRefused } from '../../../lib/csv-list';

/** The largest CSV file of participants taken, 5 MB. */
export const CSV_MAX_BYTES = 5_242_880;

const looksLikeCsv = (file: File) =>
  /\.csv$/i.test(file.name) || ['text/csv', 'application/vnd.ms-excel', 'text/plain'].includes(file.type);

/**
 * Reads a CSV file of e-mails or user IDs (a .csv, or a file of a CSV or text type) in slices, telling its
 * progress from 0 to 1. Quotes, Windows line ends, a byte order mark, blank lines, repeats and a header line are
 * handled as `participantCollector` says.
 */
export function readParticipantCsv(file: File, onProgress: (fraction: number) => void): Promise<ParticipantList> {
  return readCsvList(file, onProgress, {
    accepts: looksLikeCsv,
    maxBytes: CSV_MAX_BYTES,
    refusals: {
      type: 'oneTimeSurveys.participants.csvType',
      tooLarge: 'oneTimeSurveys.participants.csvTooLarge',
      empty: 'oneTimeSurveys.participants.csvEmpty',
      unreadable: 'oneTimeSurveys.participants.csvUnreadable',
    },
    collector: participantCollector(),
  });
}
