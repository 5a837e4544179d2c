import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('writes MM/DD/YYYY with leading zeros', () => {
    expect(formatDate(new Date('2026-03-07T12:00:00Z'))).toBe('03/07/2026');
  });
  it('reads ISO strings and honours the time zone', () => {
    expect(formatDate('2026-01-01T03:00:00Z', 'America/Chicago')).toBe('12/31/2025');
  });
});
