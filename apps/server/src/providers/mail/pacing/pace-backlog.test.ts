import { describe, expect, it } from 'vitest';
import { withinSendHours } from '../../../lib/study-time';
import { clearingTime } from './pace-backlog';

/** 9:00 to 19:00 in Chicago (UTC−6 in winter). */
const daytime = (at: Date) => withinSendHours(at, 'America/Chicago', { from: 9, to: 19 });

describe('clearingTime', () => {
  it('adds the minutes of sending to now within the study’s daytime', () => {
    expect(clearingTime(new Date('2026-03-03T15:00:00.000Z'), 3, daytime).toISOString()).toBe(
      '2026-03-03T15:03:00.000Z',
    );
    expect(clearingTime(new Date('2026-03-03T15:07:30.000Z'), 20, daytime).toISOString()).toBe(
      '2026-03-03T15:27:30.000Z',
    );
  });

  it('goes on the next morning with what is left at the end of the day', () => {
    // 18:50 in Chicago: 10 minutes today, 20 from 9:00 tomorrow.
    expect(clearingTime(new Date('2026-03-04T00:50:00.000Z'), 30, daytime).toISOString()).toBe(
      '2026-03-04T15:20:00.000Z',
    );
    // At night, it starts at 9:00.
    expect(clearingTime(new Date('2026-03-04T08:00:00.000Z'), 2, daytime).toISOString()).toBe(
      '2026-03-04T15:02:00.000Z',
    );
  });

  it('is now when nothing is left to send', () => {
    expect(clearingTime(new Date('2026-03-04T08:00:00.000Z'), 0, daytime).toISOString()).toBe(
      '2026-03-04T08:00:00.000Z',
    );
  });
});
