import { fieldErrors } from '@portal/shared/api/field-errors';
import {
  REMINDER_MESSAGES,
  ZReminderScheduleSave,
  type TReminder,
  type TReminderSchedule,
  type TReminderType,
} from '@portal/shared/settings/reminders';
import type { Database } from '../../db/client';
import { changeSetting } from '../../db/setting-changes';
import { refused, type DataOutcome } from '../../lib/outcome';
import { settingVersion } from '../../lib/setting-version';
import type { Clock } from '../../providers/clock/clock';
import {
  asReminders,
  deleteRemindersExcept,
  insertReminders,
  listReminders,
  lockReminders,
  type ReminderRow,
} from './reminder-repository';
import type { SettingEditor } from './setting-editor';

const asSchedule = (type: TReminderType, reminders: TReminder[]): TReminderSchedule => ({
  type,
  reminders,
  version: settingVersion(reminders),
});

/** The account activation, ICF and survey reminder schedules of System Options. */
export function createReminderService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async getSchedule(type: TReminderType): Promise<TReminderSchedule> {
      return asSchedule(type, await listReminders(db, type));
    },

    /**
     * Replaces the type's whole schedule: rows with an id keep it (and are refused when that reminder no longer
     * exists), rows without one are added, rows left out are removed.
     */
    async saveSchedule(
      type: TReminderType,
      body: unknown,
      who: SettingEditor,
    ): Promise<DataOutcome<TReminderSchedule>> {
      const parsed = ZReminderScheduleSave.safeParse(body);
      if (!parsed.success) return refused(400, 'error.invalidRequest', fieldErrors(parsed.error));
      const rows = parsed.data.reminders;
      const now = clock.now();
      let stored = new Map<string, ReminderRow>();
      const saved = await changeSetting(db, {
        setting: `reminder.${type}`,
        version: parsed.data.version,
        lock: async (tx) => {
          const locked = await lockReminders(tx, type);
          stored = new Map(locked.map((row) => [row.id, row]));
          return asReminders(locked);
        },
        refuse: () => {
          const gone = rows.flatMap((row, index) =>
            row.id && !stored.has(row.id)
              ? [{ errorField: `reminders.${index}.id`, message: REMINDER_MESSAGES.notFound }]
              : [],
          );
          return gone.length > 0 ? refused(404, REMINDER_MESSAGES.notFound, gone) : undefined;
        },
        write: async (tx) => {
          // Rows whose day changes are written again under their id, so no two rows ever share a day. A day new to
          // the schedule, or changed, is in it from now on: it never sends a reminder for a date already past.
          const unchanged = rows.flatMap((row) => (row.id && stored.get(row.id)?.days === row.days ? [row.id] : []));
          await deleteRemindersExcept(tx, type, unchanged);
          const written = rows
            .filter((row) => !row.id || !unchanged.includes(row.id))
            .map((row) => ({ ...row, createdAt: now }));
          await insertReminders(tx, type, written);
          return listReminders(tx, type);
        },
        who,
        at: now,
      });
      return saved.ok ? { ok: true, data: asSchedule(type, saved.data) } : saved;
    },

    /** Removes one reminder of the type; 404 when it no longer exists. */
    async deleteReminder(
      type: TReminderType,
      query: { id: string; version?: string },
      who: SettingEditor,
    ): Promise<DataOutcome<TReminderSchedule>> {
      const saved = await changeSetting(db, {
        setting: `reminder.${type}`,
        version: query.version,
        lock: async (tx) => asReminders(await lockReminders(tx, type)),
        refuse: (before) =>
          before.some((row) => row.id === query.id) ? undefined : refused(404, REMINDER_MESSAGES.notFound),
        write: async (tx, before) => {
          const after = before.filter((row) => row.id !== query.id);
          await deleteRemindersExcept(
            tx,
            type,
            after.map((row) => row.id),
          );
          return after;
        },
        who,
        at: clock.now(),
      });
      return saved.ok ? { ok: true, data: asSchedule(type, saved.data) } : saved;
    },
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;
