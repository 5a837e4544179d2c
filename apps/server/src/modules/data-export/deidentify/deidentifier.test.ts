import { describe, expect, it } from 'vitest';
import { createDeidentifier, MAX_SHIFT_DAYS } from './deidentifier';

const TODAY = '2026-11-28';
const USER = '3f2b8c1e-6d4a-4b7e-9a0c-5e1f2d3c4b5a';
const key = (fill: number) => new Uint8Array(32).fill(fill);
const run = createDeidentifier(key(7), TODAY);
const DAY_MS = 86_400_000;

describe('a de-identified run', () => {
  it('gives a participant the same pseudonym within the run, of a fixed shape, without the user id', () => {
    const pseudonym = run.participant(USER);
    expect(pseudonym).toMatch(/^p-[0-9a-f]{16}$/);
    expect(createDeidentifier(key(7), TODAY).participant(USER)).toBe(pseudonym);
    expect(pseudonym).not.toContain(USER);
    expect(pseudonym).not.toContain(USER.slice(0, 8));
    expect(run.participant('another-user')).not.toBe(pseudonym);
  });

  it('derives every value from the run key alone: one key, one pseudonym and one shift per id', () => {
    expect(run.participant(USER)).toBe('p-76c9759e5cd40e5e');
    expect(run.recordId('response', USER)).toBe('r-34323b61b01778f2');
    expect(run.shiftDays(USER)).toBe(-87);
    expect(run.shift(USER, new Date('2026-03-02T15:00:00.000Z'))).toEqual(new Date('2025-12-05T15:00:00.000Z'));
  });

  it('gives the same participant unrelated pseudonyms in two runs', () => {
    expect(createDeidentifier(key(8), TODAY).participant(USER)).not.toBe(run.participant(USER));
  });

  it('gives responses, signatures and one-time surveys pseudonyms of their own kind, unlike the participant’s for the same id', () => {
    expect(run.recordId('response', USER)).toMatch(/^r-[0-9a-f]{16}$/);
    expect(run.recordId('signature', USER)).toMatch(/^s-[0-9a-f]{16}$/);
    expect(run.recordId('oneTimeSurvey', USER)).toMatch(/^o-[0-9a-f]{16}$/);
    expect(run.recordId('response', USER).slice(2)).not.toBe(run.participant(USER).slice(2));
    expect(run.recordId('response', USER)).toBe(createDeidentifier(key(7), TODAY).recordId('response', USER));
  });

  it('shifts all of one participant’s moments by the same whole days, keeping their interval and time of day', () => {
    const signedAt = new Date('2026-03-02T15:00:00.000Z');
    const withdrawnAt = new Date('2026-03-25T16:30:00.000Z');
    const [a, b] = [run.shift(USER, signedAt), run.shift(USER, withdrawnAt)];
    expect(b.getTime() - a.getTime()).toBe(withdrawnAt.getTime() - signedAt.getTime());
    expect(a.toISOString().slice(10)).toBe('T15:00:00.000Z');
    expect(a.getTime() - signedAt.getTime()).toBe(run.shiftDays(USER) * DAY_MS);
  });

  it('draws each participant’s shift within 180 days either way, spread over the range', () => {
    const shifts = Array.from({ length: 2000 }, (_, i) => run.shiftDays(`user-${i}`));
    expect(shifts.every((days) => Number.isInteger(days) && Math.abs(days) <= MAX_SHIFT_DAYS)).toBe(true);
    expect(new Set(shifts).size).toBeGreaterThan(300);
    expect(Math.min(...shifts)).toBeLessThan(-170);
    expect(Math.max(...shifts)).toBeGreaterThan(170);
  });

  it('writes births and postal codes by the Safe Harbor rules of its day', () => {
    expect(run.birth('1936-11-28')).toBe('90+');
    expect(run.birth('1936-12-31')).toBe('90+');
    expect(run.birth('1937-01-01')).toBe('1937');
    expect(run.birth(null)).toBeNull();
    expect(run.postalCode('03601', 'USA')).toBe('000');
    expect(run.postalCode('90210-1234', 'USA')).toBe('902');
    expect(run.postalCode('SW1A 1AA', 'GBR')).toBeNull();
  });

  it('takes only a key of 32 bytes', () => {
    expect(() => createDeidentifier(new Uint8Array(16), TODAY)).toThrow();
  });
});
