import type { SurveyWindow } from '@portal/shared/surveys/survey-entries';
import { DAY_MS } from '@portal/shared/durations';

/** `months` calendar months after `from`, in UTC; a day past the month's end falls on its last day. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/**
 * When each of a participant's rounds opens: the first when consent was signed, then every `intervalMonths`.
 * Returns the rounds opened by `now` and when the next one opens.
 */
export function roundSchedule(consentSignedAt: Date, now: Date, intervalMonths: number) {
  const opened: { number: number; opensAt: Date }[] = [];
  let opensAt = consentSignedAt;
  while (opensAt.getTime() <= now.getTime()) {
    opened.push({ number: opened.length + 1, opensAt });
    opensAt = addMonths(consentSignedAt, opened.length * intervalMonths);
  }
  return { opened, nextOpensAt: opensAt };
}

/** Where a window stands at `now`: it opens at `opensAt` and is over at `closesAt`. */
export function windowAt(window: { opensAt: Date; closesAt: Date }, now: Date): SurveyWindow {
  if (now.getTime() < window.opensAt.getTime()) return 'upcoming';
  return now.getTime() < window.closesAt.getTime() ? 'open' : 'closed';
}
