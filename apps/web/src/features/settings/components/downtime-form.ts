import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { downtimeUpdateSchema, type TDowntime, type TDowntimeUpdate } from '@portal/shared/settings/downtime';
import { fromLocalInput, toLocalInput } from '../../../lib/local-date-time';

/** The downtime editor's fields; the start and end as their date-time boxes hold them, in local time. */
export interface DowntimeForm {
  enableDowntime: boolean;
  message: { en: string; sp: string };
  effectiveStartDate: string;
  effectiveEndDate: string;
  reminderDaysInAdvance: number;
}

export const DOWNTIME_FIELDS = [
  'enableDowntime',
  'message.en',
  'message.sp',
  'effectiveStartDate',
  'effectiveEndDate',
  'reminderDaysInAdvance',
] as const;

export const toDowntimeForm = (stored: TDowntime): DowntimeForm => ({
  enableDowntime: stored.enableDowntime,
  message: { en: stored.message.en, sp: stored.message.sp },
  effectiveStartDate: toLocalInput(stored.effectiveStartDate),
  effectiveEndDate: toLocalInput(stored.effectiveEndDate),
  reminderDaysInAdvance: stored.reminderDaysInAdvance,
});

/** The form's values as `POST /downtime` takes them: the start and end as UTC instants. */
export const toDowntimeUpdate = (values: DowntimeForm): TDowntimeUpdate => ({
  ...values,
  effectiveStartDate: fromLocalInput(values.effectiveStartDate),
  effectiveEndDate: fromLocalInput(values.effectiveEndDate),
});

/**
 * Checks the form with the server's own rules, against the browser's clock at each check: the window read
 * as UTC instants, its messages on the form's own fields.
 */
export const downtimeResolver: Resolver<DowntimeForm> = async (values, context, options) => {
  const checked = await zodResolver(downtimeUpdateSchema(new Date()))(toDowntimeUpdate(values), context, options);
  return Object.keys(checked.errors).length > 0
    ? { values: {}, errors: checked.errors as FieldErrors<DowntimeForm> }
    : { values, errors: {} };
};
