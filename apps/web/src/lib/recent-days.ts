import type { TDateRange } from '@portal/shared/api/date-range';
import { localCalendarDate } from '@portal/shared/dates';

/** The last `days` days of the device's calendar, today included. */
export function lastDays(days: number, today = new Date()): TDateRange {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: localCalendarDate(from), to: localCalendarDate(today) };
}
