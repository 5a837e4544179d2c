import { describe, expect, it } from 'vitest';
import { dateRangeProblem, latestRangeEnd, ZDateRangeQuery } from './date-range';

describe('date ranges', () => {
  it('accept a range in order of up to five years, both days included', () => {
    expect(ZDateRangeQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(ZDateRangeQuery.safeParse({ from: '2021-11-26', to: '2026-11-25' }).success).toBe(true);
    expect(latestRangeEnd('2024-02-29')).toBe('2029-02-28');
  });

  it('refuse a range the wrong way round or over five years', () => {
    expect(dateRangeProblem('2026-11-26', '2026-11-25')).toBe('dateRange.reversed');
    expect(dateRangeProblem('2021-11-26', '2026-11-26')).toBe('dateRange.tooLong');
    const parsed = ZDateRangeQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(parsed.error?.issues[0]?.message).toBe('dateRange.reversed');
  });

  it('refuse a date that is not on the calendar', () => {
    const parsed = ZDateRangeQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' });
    expect(parsed.error?.issues[0]).toMatchObject({ message: 'dateRange.invalid', path: ['from'] });
    expect(ZDateRangeQuery.safeParse({ from: '03/01/2026', to: '2026-03-01' }).success).toBe(false);
  });
});
