import { MINIMUM_AGE } from '../constants';
import { parseUsDate, type IsoDate } from '../dates';

/** Earliest date of birth accepted: nobody taking part was born before it. */
export const MINIMUM_BIRTH_DATE: IsoDate = '1900-01-01';

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

export type BirthDateProblem = 'required' | 'invalid' | 'future' | 'underage';

/** What is wrong with a typed date of birth on `today`, or null when it is acceptable. */
export function birthDateProblem(text: string, today: IsoDate): BirthDateProblem | null {
  if (text.trim() === '') return 'required';
  const iso = parseUsDate(text.trim());
  if (!iso || iso < MINIMUM_BIRTH_DATE) return 'invalid';
  if (iso > today) return 'future';
  return ageOn(iso, today) >= MINIMUM_AGE ? null : 'underage';
}
