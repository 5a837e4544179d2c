import { describe, expect, it } from 'vitest';
import type { TDowntime } from '@portal/shared/settings/downtime';
import { downtimeState } from './downtime-state';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const window = (over: Partial<TDowntime>): TDowntime => ({
  enableDowntime: true,
  message: { en: 'Closed for maintenance.', sp: 'Cerrado por mantenimiento.' },
  effectiveStartDate: '2026-03-20T02:00:00.000Z',
  effectiveEndDate: '2026-03-20T06:00:00.000Z',
  reminderDaysInAdvance: 2,
  inDowntime: false,
  show: false,
  ...over,
});

describe('downtimeState', () => {
  it('is off when downtime is not enabled, whatever the dates', () => {
    expect(downtimeState(window({ enableDowntime: false, show: true, inDowntime: true }), NOW)).toBe('off');
  });

  it('is scheduled before the banner’s first day, showing once the server shows it, down during the window', () => {
    expect(downtimeState(window({}), NOW)).toBe('scheduled');
    expect(downtimeState(window({ show: true }), NOW)).toBe('showing');
    expect(downtimeState(window({ show: true, inDowntime: true }), NOW)).toBe('down');
  });

  it('is over once the end has passed, or when no end is set', () => {
    expect(
      downtimeState(
        window({ effectiveStartDate: '2026-03-01T02:00:00.000Z', effectiveEndDate: '2026-03-10T11:59:00.000Z' }),
        NOW,
      ),
    ).toBe('over');
    expect(downtimeState(window({ effectiveStartDate: null, effectiveEndDate: null }), NOW)).toBe('over');
  });
});
