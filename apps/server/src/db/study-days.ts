import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDateRange } from '@portal/shared/api/date-range';

/**
 * The instants a day (a `date` SQL value) of `timeZone` covers: from its start up to, not including, the start
 * of the next day. Days are calendar days where the study is, whatever the database's own time zone.
 */
export function studyDayBounds(day: SQL, timeZone: string) {
  return {
    start: sql`(${day}::timestamp at time zone ${timeZone})`,
    end: sql`((${day} + 1)::timestamp at time zone ${timeZone})`,
  };
}

/** The instants a range of calendar days of `timeZone` covers: its first day's start up to the day after its last. */
export function studyRangeBounds({ from, to }: TDateRange, timeZone: string) {
  return {
    start: studyDayBounds(sql`${from}::date`, timeZone).start,
    end: studyDayBounds(sql`${to}::date`, timeZone).end,
  };
}

/** `column` falls on one of the range's days (both included) in `timeZone`. */
export function withinStudyDays(column: AnyPgColumn, range: TDateRange, timeZone: string): SQL {
  const { start, end } = studyRangeBounds(range, timeZone);
  return sql`${column} >= ${start} and ${column} < ${end}`;
}
