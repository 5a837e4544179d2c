import { describe, expect, it } from 'vitest';
import { calendarDate, formatDate, formatDateTime, localCalendarDate, parseUsDate, toUsDate } from './dates';

describe('formatDate', () => {
  it('writes MM/DD/YYYY with leading zeros', () => {
    expect(formatDate(new Date('2026-03-07T12:00:00Z'))).toBe('03/07/2026');
  });
  it('reads ISO strings and honours the time zone', () => {
    expect(formatDate('2026-01-01T03:00:00Z', 'America/Chicago')).toBe('12/31/2025');
  });
});

describe('formatDateTime', () => {
  it('writes MM/DD/YYYY hh:mm with AM or PM on a 12-hour clock', () => {
    expect(formatDateTime('2026-03-07T15:04:00Z')).toBe('03/07/2026 03:04 PM');
    expect(formatDateTime(new Date('2026-03-07T00:09:00Z'))).toBe('03/07/2026 12:09 AM');
    expect(formatDateTime('2026-03-07T12:30:00Z')).toBe('03/07/2026 12:30 PM');
  });
  it('honours the time zone, date included', () => {
    expect(formatDateTime('2026-01-01T03:00:00Z', 'America/Chicago')).toBe('12/31/2025 09:00 PM');
  });
});

describe('calendar dates', () => {
  it('parses only real MM/DD/YYYY dates', () => {
    expect(parseUsDate('02/29/2004')).toBe('2004-02-29');
    expect(parseUsDate('02/29/2003')).toBeNull();
    expect(parseUsDate('13/01/2000')).toBeNull();
    expect(parseUsDate('1/01/2000')).toBeNull();
    expect(parseUsDate('2000-01-01')).toBeNull();
    expect(toUsDate('2004-02-29')).toBe('02/29/2004');
  });

  it('reads the calendar date of an instant in a time zone', () => {
    const at = new Date('2026-03-01T23:30:00Z');
    expect(calendarDate(at, 'UTC')).toBe('2026-03-01');
    expect(calendarDate(at, 'Pacific/Kiritimati')).toBe('2026-03-02');
  });

  it("reads the device's own calendar date", () => {
    expect(localCalendarDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
