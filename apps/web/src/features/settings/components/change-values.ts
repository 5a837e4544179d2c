import { formatDateTime } from '@portal/shared/dates';

/** The words a change is told in, in the reader's language. */
export interface ChangeWords {
  none: string;
  yes: string;
  no: string;
  /** A reminder list's days, such as 'Days: 1, 7, 14'. */
  days(list: string): string;
  /** A field's name as the editor labels it. */
  field(path: string): string;
  /** The fields in the order the editor shows them; a field not listed comes after them. */
  order: readonly string[];
  /** The reader's time zone, for moments such as a downtime start. */
  timeZone: string;
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reminder schedule's days, whether stored as numbers, as rows with `days`, or under `reminders`. */
function reminderDays(value: unknown): number[] | undefined {
  if (isRecord(value) && Array.isArray(value.reminders)) return reminderDays(value.reminders);
  if (!Array.isArray(value)) return undefined;
  const days = value.map((item) => (isRecord(item) ? item.days : item));
  return days.every((d): d is number => typeof d === 'number') ? days : undefined;
}

/** Every leaf of an object as a dotted path (`message.en`) and its value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isRecord(value)) return out;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(inner)) leaves(inner, path).forEach((v, p) => out.set(p, v));
    else out.set(path, inner);
  }
  return out;
}

function formatValue(value: unknown, words: ChangeWords): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? formatDateTime(value, words.timeZone) : value;
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(v, words)).join(', ') : words.none;
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * A saved change as readable lines before and after: a reminder list as its days; an object as
 * 'field: value' for the fields that changed only; anything else as its value.
 */
export function describeChange(before: unknown, after: unknown, words: ChangeWords) {
  const daysBefore = reminderDays(before);
  const daysAfter = reminderDays(after);
  if (daysBefore || daysAfter) {
    const told = (days: number[] | undefined) => (days?.length ? words.days(days.join(', ')) : words.none);
    return { before: [told(daysBefore)], after: [told(daysAfter)] };
  }
  if (isRecord(before) || isRecord(after)) {
    const was = leaves(before);
    const now = leaves(after);
    const rank = (path: string) => {
      const index = words.order.indexOf(path);
      return index === -1 ? words.order.length : index;
    };
    const changed = [...new Set([...was.keys(), ...now.keys()])]
      .filter((path) => JSON.stringify(was.get(path)) !== JSON.stringify(now.get(path)))
      .sort((a, b) => rank(a) - rank(b));
    const told = (values: Map<string, unknown>) =>
      values.size === 0
        ? [words.none]
        : changed.map((path) => `${words.field(path)}: ${formatValue(values.get(path), words)}`);
    return { before: told(was), after: told(now) };
  }
  return { before: [formatValue(before, words)], after: [formatValue(after, words)] };
}
