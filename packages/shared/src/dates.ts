/** A calendar date without a time zone, as `YYYY-MM-DD`. */
export type IsoDate = string;

/** The en-US parts of a moment in a time zone, read by their type (`month`, `hour`, `dayPeriod`). */
function partsOf(value: Date | string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, ...options }).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
}

/** Dates show as MM/DD/YYYY everywhere, in UTC unless a local date is meant. */
export function formatDate(value: Date | string, timeZone = 'UTC'): string {
  const part = partsOf(value, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/** A moment as MM/DD/YYYY hh:mm AM/PM (a 12-hour clock with leading zeros), in UTC unless a zone is given. */
export function formatDateTime(value: Date | string, timeZone = 'UTC'): string {
  const part = partsOf(value, timeZone, { hour: '2-digit', minute: '2-digit', hour12: true });
  return `${formatDate(value, timeZone)} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** Parses `MM/DD/YYYY` into `YYYY-MM-DD`, or null when it is not a real calendar date. */
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

/** The calendar date of an instant in a time zone, as `YYYY-MM-DD`. */
export function calendarDate(at: Date, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The participant's own calendar date, read from the device. */
export function localCalendarDate(at: Date = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
