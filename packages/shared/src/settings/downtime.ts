import { z } from 'zod';
import { DOWNTIME_MESSAGE_MAX, DOWNTIME_REMINDER_DAYS } from '../constants';
import { ZSettingVersion } from './setting-version';
import { call } from '../api/call';

export { GET_DOWNTIME, ZDowntime, ZDowntimeReply, type TDowntime } from './downtime-status';

/** Message keys of the downtime editor's rules. */
export const DOWNTIME_MESSAGES = {
  messageRequired: 'error.downtime.messageRequired',
  messageTooLong: 'error.downtime.messageTooLong',
  window: 'error.downtime.window',
  reminderDays: 'error.downtime.reminderDays',
} as const;

const downtimeMessage = z
  .string({ error: DOWNTIME_MESSAGES.messageRequired })
  .trim()
  .min(1, DOWNTIME_MESSAGES.messageRequired)
  .max(DOWNTIME_MESSAGE_MAX, DOWNTIME_MESSAGES.messageTooLong);

export const POST_DOWNTIME = call('POST', '/downtime');

/**
 * `POST /downtime` (administrators): the downtime settings, and the version the editor opened. An enabled
 * window must start in the future and end after its start; `now` is the server's clock, so the rule is the
 * same for every browser.
 */
export function downtimeUpdateSchema(now: Date) {
  return z
    .object({
      enableDowntime: z.boolean(),
      message: z.object({ en: downtimeMessage, sp: downtimeMessage }),
      effectiveStartDate: z.iso.datetime({ offset: true, error: DOWNTIME_MESSAGES.window }),
      effectiveEndDate: z.iso.datetime({ offset: true, error: DOWNTIME_MESSAGES.window }),
      reminderDaysInAdvance: z
        .number({ error: DOWNTIME_MESSAGES.reminderDays })
        .int(DOWNTIME_MESSAGES.reminderDays)
        .min(DOWNTIME_REMINDER_DAYS.min, DOWNTIME_MESSAGES.reminderDays)
        .max(DOWNTIME_REMINDER_DAYS.max, DOWNTIME_MESSAGES.reminderDays),
      version: z.optional(ZSettingVersion),
    })
    .refine(
      (v) =>
        !v.enableDowntime ||
        (Date.parse(v.effectiveStartDate) > now.getTime() &&
          Date.parse(v.effectiveEndDate) > Date.parse(v.effectiveStartDate)),
      { path: ['effectiveStartDate'], message: DOWNTIME_MESSAGES.window },
    );
}
export const ZDowntimeUpdate = downtimeUpdateSchema(new Date(0));
export type TDowntimeUpdate = z.infer<typeof ZDowntimeUpdate>;
