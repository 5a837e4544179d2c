import { csvCell } from '../../../lib/csv';
import type { ChangeRow } from './repository';

export { csvCell };

export const RESULT_CSV_HEADER = 'userId,previousStatus,newStatus,result';

const STATUS_WORDS = { true: 'Verified', false: 'Rejected', null: 'Pending' } as const;
const statusWord = (status: boolean | null) => STATUS_WORDS[String(status) as keyof typeof STATUS_WORDS];

/** A batch's result: each change (`updated`, with the status before and after), then each ID left out and why. */
export function batchResultCsv(changes: ChangeRow[], skipped: { userId: string; reason: string }[]): string {
  const lines = [
    RESULT_CSV_HEADER,
    ...changes.map((c) => [c.userId, statusWord(c.oldStatus), statusWord(c.newStatus), 'updated']),
    ...skipped.map((s) => [s.userId, '', '', s.reason]),
  ].map((cells) => (typeof cells === 'string' ? cells : cells.map(csvCell).join(',')));
  return `${lines.join('\r\n')}\r\n`;
}
