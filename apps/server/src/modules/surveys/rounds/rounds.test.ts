import { describe, expect, it } from 'vitest';
import { addMonths, roundSchedule, windowAt } from './rounds';

const at = (iso: string) => new Date(iso);

describe('survey rounds', () => {
  it('adds calendar months in UTC and keeps to the end of shorter months', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addMonths(at('2026-11-23T23:30:00Z'), 12).toISOString()).toBe('2027-11-23T23:30:00.000Z');
  });

  it('opens the first round at signing and one more every interval', () => {
    const signed = at('2024-03-15T12:00:00Z');
    const justSigned = roundSchedule(signed, signed, 12);
    expect(justSigned.opened).toEqual([{ number: 1, opensAt: signed }]);
    expect(justSigned.nextOpensAt.toISOString()).toBe('2025-03-15T12:00:00.000Z');

    const later = roundSchedule(signed, at('2026-11-23T00:00:00Z'), 12);
    expect(later.opened.map((r) => [r.number, r.opensAt.toISOString()])).toEqual([
      [1, '2024-03-15T12:00:00.000Z'],
      [2, '2025-03-15T12:00:00.000Z'],
      [3, '2026-03-15T12:00:00.000Z'],
    ]);
    expect(later.nextOpensAt.toISOString()).toBe('2027-03-15T12:00:00.000Z');
  });

  it('tells a window that has not opened, is open, or is over (the closing instant is over)', () => {
    const window = { opensAt: at('2026-01-01T00:00:00Z'), closesAt: at('2026-04-01T00:00:00Z') }; // 90 days
    expect(windowAt(window, at('2025-12-31T23:59:59Z'))).toBe('upcoming');
    expect(windowAt(window, window.opensAt)).toBe('open');
    expect(windowAt(window, at('2026-03-31T23:59:59Z'))).toBe('open');
    expect(windowAt(window, window.closesAt)).toBe('closed');
  });
});
