import type { TDowntime } from '@portal/shared/settings/downtime';

const DAY_MS = 86_400_000;

export interface DowntimeRow {
  enableDowntime: boolean;
  messageEn: string;
  messageSp: string;
  effectiveStartDate: Date | null;
  effectiveEndDate: Date | null;
  reminderDaysInAdvance: number;
}

/**
 * Whether the banner shows and whether the portal is down right now. The banner shows from
 * `reminderDaysInAdvance` days before the start until the end; all instants are compared in UTC.
 */
export function describeDowntime(row: DowntimeRow | undefined, now: Date): TDowntime {
  if (!row) {
    return {
      enableDowntime: false,
      message: { en: '', sp: '' },
      effectiveStartDate: null,
      effectiveEndDate: null,
      reminderDaysInAdvance: 0,
      inDowntime: false,
      show: false,
    };
  }
  const start = row.effectiveStartDate?.getTime();
  const end = row.effectiveEndDate?.getTime();
  const at = now.getTime();
  const scheduled = row.enableDowntime && start !== undefined && end !== undefined && start < end;
  return {
    enableDowntime: row.enableDowntime,
    message: { en: row.messageEn, sp: row.messageSp },
    effectiveStartDate: row.effectiveStartDate?.toISOString() ?? null,
    effectiveEndDate: row.effectiveEndDate?.toISOString() ?? null,
    reminderDaysInAdvance: row.reminderDaysInAdvance,
    inDowntime: scheduled && at >= start && at < end,
    show: scheduled && at >= start - row.reminderDaysInAdvance * DAY_MS && at < end,
  };
}
