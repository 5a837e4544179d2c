import { formatDate, formatDateTime } from '@portal/shared/dates';
import { browserTimeZone } from '../../lib/local-date-time';

interface MomentProps {
  /** An ISO instant (or calendar date); none shows `empty`. */
  at: string | null | undefined;
  /** MM/DD/YYYY hh:mm AM/PM rather than MM/DD/YYYY. */
  withTime?: boolean;
  /** What stands in for no date, such as 'Not yet'; nothing unless told. */
  empty?: string;
  /** The browser's time zone unless told; a date the spec fixes in UTC passes 'UTC'. */
  timeZone?: string;
}

/** A date as MM/DD/YYYY (with its time when asked), in a `<time>` element that keeps the machine-readable value. */
export function Moment({ at, withTime = false, empty, timeZone }: MomentProps) {
  if (!at) return empty ?? null;
  const format = withTime ? formatDateTime : formatDate;
  return <time dateTime={at}>{format(at, timeZone ?? browserTimeZone())}</time>;
}
