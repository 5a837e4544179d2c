import { describe, expect, it } from 'vitest';
import { describeDowntime, type DowntimeRow } from './downtime';

const row: DowntimeRow = {
  enableDowntime: true,
  messageEn: 'Maintenance on Saturday',
  messageSp: 'Mantenimiento el sábado',
  effectiveStartDate: new Date('2026-12-05T06:00:00Z'),
  effectiveEndDate: new Date('2026-12-05T10:00:00Z'),
  reminderDaysInAdvance: 2,
};

describe('describeDowntime', () => {
  it('is hidden and not down when there is no row or it is disabled', () => {
    expect(describeDowntime(undefined, new Date())).toMatchObject({ show: false, inDowntime: false });
    const off = describeDowntime({ ...row, enableDowntime: false }, new Date('2026-12-05T07:00:00Z'));
    expect(off).toMatchObject({ show: false, inDowntime: false, enableDowntime: false });
  });

  it('shows the banner from the reminder days before the start', () => {
    expect(describeDowntime(row, new Date('2026-12-03T05:59:59Z')).show).toBe(false);
    expect(describeDowntime(row, new Date('2026-12-03T06:00:00Z'))).toMatchObject({ show: true, inDowntime: false });
  });

  it('is in downtime from the start until the end, and over after it', () => {
    expect(describeDowntime(row, new Date('2026-12-05T06:00:00Z'))).toMatchObject({ show: true, inDowntime: true });
    expect(describeDowntime(row, new Date('2026-12-05T10:00:00Z'))).toMatchObject({ show: false, inDowntime: false });
  });

  it('never reports downtime for a window whose end is not after its start', () => {
    const broken = { ...row, effectiveEndDate: row.effectiveStartDate };
    expect(describeDowntime(broken, new Date('2026-12-05T06:00:00Z'))).toMatchObject({
      show: false,
      inDowntime: false,
    });
  });

  it('gives the messages in both languages and ISO instants', () => {
    const reply = describeDowntime(row, new Date('2026-12-01T00:00:00Z'));
    expect(reply.message).toEqual({ en: 'Maintenance on Saturday', sp: 'Mantenimiento el sábado' });
    expect(reply.effectiveStartDate).toBe('2026-12-05T06:00:00.000Z');
  });
});
