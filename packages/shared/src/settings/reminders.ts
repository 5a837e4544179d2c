import { z } from 'zod';
import { envelope } from '../api/envelope';
import { REMINDER_DAYS } from '../constants';
import { ZSettingVersion } from './setting-version';
import { call } from '../api/call';

export const GET_SETTINGS_REMINDER = call('GET', '/settings/reminder');

/** The three reminder schedules: account activation, informed consent form (ICF) and survey. */
export const REMINDER_TYPES = ['ACCOUNT_ACTIVATION', 'ICF', 'SURVEY'] as const;
export const REMINDER_MESSAGES = {
  invalid: 'error.reminders.invalid',
  type: 'error.reminders.type',
  notFound: 'error.reminders.notFound',
} as const;

export const ZReminderType = z.enum(REMINDER_TYPES, { error: REMINDER_MESSAGES.type });
export type TReminderType = z.infer<typeof ZReminderType>;

/**
 * A reminder day: whole days after the event it follows (registration, activation, a survey round opening).
 * Whole days are a refinement rather than `.int()`, whose refusal would stop the duplicate check of the schedule.
 */
export const ZReminderDays = z
  .number({ error: REMINDER_MESSAGES.invalid })
  .min(REMINDER_DAYS.min, REMINDER_MESSAGES.invalid)
  .max(REMINDER_DAYS.max, REMINDER_MESSAGES.invalid)
  .refine(Number.isInteger, REMINDER_MESSAGES.invalid);

export const ZReminder = z.object({ id: z.uuid(), days: z.number().int() });
export type TReminder = z.infer<typeof ZReminder>;

/** One type's schedule, ordered by day, with the version an editor sends back when it saves. */
export const ZReminderSchedule = z.object({
  type: ZReminderType,
  reminders: z.array(ZReminder),
  version: ZSettingVersion,
});
export type TReminderSchedule = z.infer<typeof ZReminderSchedule>;
export const DELETE_SETTINGS_REMINDER = call('DELETE', '/settings/reminder');

/** `GET`, `POST` and `DELETE /settings/reminder`. */
export const ZReminderScheduleReply = envelope(ZReminderSchedule);

export const ZReminderTypeQuery = z.object({ type: ZReminderType });
export const ZReminderDeleteQuery = z.object({
  type: ZReminderType,
  id: z.uuid({ error: REMINDER_MESSAGES.notFound }),
  version: z.optional(ZSettingVersion),
});

export const POST_SETTINGS_REMINDER = call('POST', '/settings/reminder');

/**
 * `POST /settings/reminder?type=` body: the whole schedule for the type. Rows keep their id when they had
 * one; a row without an id is new. Days are 1 to 365 and unique within the type, ids unique too; each refused
 * row is named `reminders.<index>.days` (or `.id`).
 */
export const ZReminderScheduleSave = z
  .object({
    reminders: z
      .array(
        z.object(
          { id: z.uuid({ error: REMINDER_MESSAGES.invalid }).optional(), days: ZReminderDays },
          { error: REMINDER_MESSAGES.invalid },
        ),
        { error: REMINDER_MESSAGES.invalid },
      )
      .max(REMINDER_DAYS.max, REMINDER_MESSAGES.invalid),
    version: z.optional(ZSettingVersion),
  })
  .superRefine(
    (value, context) => {
      // Runs even when other rows are refused (the value is then the raw input), so every duplicate is named.
      const rows: unknown[] = Array.isArray(value.reminders) ? value.reminders : [];
      const seen = { days: new Set<unknown>(), id: new Set<unknown>() };
      rows.forEach((row, index) => {
        if (!row || typeof row !== 'object') return;
        for (const field of ['days', 'id'] as const) {
          const cell = (row as Record<string, unknown>)[field];
          if (cell === undefined) continue;
          if (seen[field].has(cell)) {
            context.addIssue({ code: 'custom', path: ['reminders', index, field], message: REMINDER_MESSAGES.invalid });
          }
          seen[field].add(cell);
        }
      });
    },
    { when: () => true },
  );
export type TReminderScheduleSave = z.infer<typeof ZReminderScheduleSave>;

/**
 * `POST /settings/reminder?type=` body in its single form: one reminder. Without an id the day is added to the
 * schedule; with one, that reminder moves to the day. A `type` sent along must be the query's.
 */
export const ZReminderSave = z.object({
  id: z.uuid({ error: REMINDER_MESSAGES.notFound }).optional(),
  days: ZReminderDays,
  type: ZReminderType.optional(),
  version: z.optional(ZSettingVersion),
});
export type TReminderSave = z.infer<typeof ZReminderSave>;

/**
 * What `POST /settings/reminder` accepts before the service checks it: the whole schedule (`reminders`) or one
 * reminder (`days`, with `id` to change an existing one), so every refusal comes back per field.
 */
export const ZReminderSaveRequest = z.object({
  reminders: z.unknown().optional(),
  id: z.unknown().optional(),
  days: z.unknown().optional(),
  type: z.unknown().optional(),
  version: z.unknown().optional(),
});

/** A new row's day: one after the last row's (the first is 1), kept within 365. */
export function nextReminderDay(days: readonly (number | undefined)[]): number {
  const last = days.at(-1);
  if (last === undefined || !Number.isFinite(last)) return REMINDER_DAYS.min;
  return Math.min(Math.max(Math.trunc(last) + 1, REMINDER_DAYS.min), REMINDER_DAYS.max);
}
