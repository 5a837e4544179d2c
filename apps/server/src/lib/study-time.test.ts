import { describe, expect, it } from 'vitest';
import { studyHour, withinSendHours } from './study-time';

describe('studyHour', () => {
  it('reads the hour on the study clock, through the changes of daylight saving time', () => {
    // Chicago is UTC-5 (CDT) until 2:00 on 11/01/2026, then UTC-6 (CST).
    expect(studyHour(new Date('2026-10-31T14:00:00.000Z'), 'America/Chicago')).toBe(9);
    expect(studyHour(new Date('2026-11-02T14:00:00.000Z'), 'America/Chicago')).toBe(8);
    expect(studyHour(new Date('2026-11-02T15:00:00.000Z'), 'America/Chicago')).toBe(9);
    expect(studyHour(new Date('2026-11-03T00:59:00.000Z'), 'America/Chicago')).toBe(18);
    expect(studyHour(new Date('2026-11-03T01:00:00.000Z'), 'America/Chicago')).toBe(19);
    expect(studyHour(new Date('2026-11-02T05:30:00.000Z'), 'UTC')).toBe(5);
    expect(studyHour(new Date('2026-11-02T00:00:00.000Z'), 'UTC')).toBe(0);
  });

  it('lets bulk e-mail leave from the first hour up to, not including, the last', () => {
    const hours = { from: 9, to: 19 };
    expect(withinSendHours(new Date('2026-11-02T14:59:00.000Z'), 'America/Chicago', hours)).toBe(false);
    expect(withinSendHours(new Date('2026-11-02T15:00:00.000Z'), 'America/Chicago', hours)).toBe(true);
    expect(withinSendHours(new Date('2026-11-03T00:59:00.000Z'), 'America/Chicago', hours)).toBe(true);
    expect(withinSendHours(new Date('2026-11-03T01:00:00.000Z'), 'America/Chicago', hours)).toBe(false);
    expect(withinSendHours(new Date('2026-11-03T03:00:00.000Z'), 'UTC', { from: 0, to: 24 })).toBe(true);
  });
});
