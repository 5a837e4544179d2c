import type { TDowntime } from '@portal/shared/settings/downtime';
import { DAY_MS } from '@portal/shared/durations';

export interface DowntimeRow {
  enableDowntime: boolean;
  messageEn: string;
  messageSp: string;
  effectiveStartDate: Date | null;
  effectiveEndDate: Date | null;
  reminderDaysInAdvance: number;
}

/** The stored downtime settings as the editor sees them (no row: nothing scheduled). */
export function downtimeValue(row: DowntimeRow | undefined) {
  return {
    enableDowntime: row?.enableDowntime ?? false,
    message: { en: row?.messageEn ?? '', sp: row?.messageSp ?? '' },
    effectiveStartDate: row?.effectiveStartDate?.toISOString() ?? null,
    effectiveEndDate: row?.effectiveEndDate?.toISOString() ?? null,
    reminderDaysInAdvance: row?.reminderDaysInAdvance ?? 0,
  };
}
export type DowntimeValue = ReturnType<typeof downtimeValue>;

/**
 * Whether the banner shows and whether the portal is down right now. The banner shows from
 * `reminderDaysInAdvance` days before the start until the end; all instants are compared in UTC.
 */
export function describeDowntime(row: DowntimeRow | undefined, now: Date): Omit<TDowntime, 'version'> {
  const start = row?.effectiveStartDate?.getTime();
  const end = row?.effectiveEndDate?.getTime();
  const at = now.getTime();
  const scheduled = !!row?.enableDowntime && start !== undefined && end !== undefined && start < end;
  return {
    ...downtimeValue(row),
    inDowntime: scheduled && at >= start && at < end,
    show: scheduled && at >= start - (row?.reminderDaysInAdvance ?? 0) * DAY_MS && at < end,
  };
}
