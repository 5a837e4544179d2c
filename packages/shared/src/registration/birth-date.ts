import { MINIMUM_AGE } from '../constants';

/** A calendar date without a time zone, as `YYYY-MM-DD`. */
export type IsoDate = string;

/** Earliest date of birth accepted: nobody taking part was born before it. */
export const MINIMUM_BIRTH_DATE: IsoDate = '1900-01-01';

/** Parses `MM/DD/YYYY` (spec section 9) into `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function parseUsDate(text: string): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [, mm, dd, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const iso = `${yyyy}-${mm}-${dd}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** `YYYY-MM-DD` as `MM/DD/YYYY`. */
export function toUsDate(iso: IsoDate): string {
  const [yyyy, mm, dd] = iso.split('-');
  return `${mm}/${dd}/${yyyy}`;
}

/** Full years between a birth date and a day, both `YYYY-MM-DD` (ISO strings compare like dates). */
export function ageOn(birth: IsoDate, day: IsoDate): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) >= birth.slice(5) ? years : years - 1;
}

/**
 * The latest calendar date anywhere on Earth: a participant whose own device already shows their 18th
 * birthday is never refused by a server that is still on the day before.
 */
export const LATEST_TIME_ZONE = 'Pacific/Kiritimati';

/** The calendar date of an instant in a time zone, as `YYYY-MM-DD`. */
export function calendarDate(at: Date, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The participant's own calendar date, read from the device. */
export function localCalendarDate(at: Date = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export type BirthDateProblem = 'required' | 'invalid' | 'future' | 'underage';

/** What is wrong with a typed date of birth on `today`, or null when it is acceptable. */
export function birthDateProblem(text: string, today: IsoDate): BirthDateProblem | null {
  if (text.trim() === '') return 'required';
  const iso = parseUsDate(text.trim());
  if (!iso || iso < MINIMUM_BIRTH_DATE) return 'invalid';
  if (iso > today) return 'future';
  return ageOn(iso, today) >= MINIMUM_AGE ? null : 'underage';
}
