import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, fromLocalInput, toLocalInput } from './local-date-time';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('date-time boxes in the browser’s time zone', () => {
  it('shows a UTC instant as the local date and time, and reads it back as the same instant', () => {
    vi.stubEnv('TZ', 'America/Chicago');
    expect(browserTimeZone()).toBe('America/Chicago');
    expect(toLocalInput('2026-03-15T15:30:00.000Z')).toBe('2026-03-15T10:30');
    expect(fromLocalInput('2026-03-15T10:30')).toBe('2026-03-15T15:30:00.000Z');
    // Before daylight saving time starts (March 8, 2026), Chicago is six hours behind UTC.
    expect(fromLocalInput('2026-03-01T10:30')).toBe('2026-03-01T16:30:00.000Z');
  });

  it('another time zone reads the same box as another instant', () => {
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(fromLocalInput('2026-03-15T10:30')).toBe('2026-03-15T05:00:00.000Z');
    expect(toLocalInput('2026-03-15T05:00:00.000Z')).toBe('2026-03-15T10:30');
  });

  it('leaves the box empty for no instant, and reads an empty or broken box as no instant', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('2026-13-45T10:30')).toBe('');
    expect(fromLocalInput('03/15/2026 10:30 AM')).toBe('');
  });
});
