import { fieldErrors } from '@portal/shared/api/field-errors';
import {
  REMINDER_MESSAGES,
  ZReminderSave,
  ZReminderScheduleSave,
  type TReminder,
  type TReminderSchedule,
  type TReminderType,
} from '@portal/shared/settings/reminders';
import type { Database } from '../../../db/client';
import { changeSetting, type SettingTransaction } from '../../../db/setting-changes';
import { refused, type DataOutcome, type Refusal } from '../../../lib/outcome';
import { settingVersion } from '../../../lib/setting-version';
import type { Clock } from '../../../providers/clock/clock';
import {
  asReminders,
  deleteRemindersExcept,
  insertReminders,
  listReminders,
  lockReminders,
  type ReminderRow,
} from './repository';
import type { SettingEditor } from '../../../lib/setting-editor';

const asSchedule = (type: TReminderType, reminders: TReminder[]): TReminderSchedule => ({
  type,
  reminders,
  version: settingVersion(reminders),
});

type ScheduleRow = { id?: string; days: number };

/**
 * Writes the type's schedule as `rows`: rows with an id keep it, rows without one are added, stored rows left out
 * are removed. Rows whose day changes are written again under their id, so no two rows ever share a day. A day
 * new to the schedule, or changed, is in it from now on: it never sends a reminder for a date already past.
 */
async function writeSchedule(
  tx: SettingTransaction,
  type: TReminderType,
  rows: ScheduleRow[],
  stored: ReminderRow[],
  now: Date,
): Promise<TReminder[]> {
  const storedDays = new Map(stored.map((row) => [row.id, row.days]));
  const unchanged = rows.flatMap((row) => (row.id && storedDays.get(row.id) === row.days ? [row.id] : []));
  await deleteRemindersExcept(tx, type, unchanged);
  const written = rows
    .filter((row) => !row.id || !unchanged.includes(row.id))
    .map((row) => ({ ...row, createdAt: now }));
  await insertReminders(tx, type, written);
  return listReminders(tx, type);
}

/** The account activation, ICF and survey reminder schedules of System Options. */
export function createReminderScheduleService({ db, clock }: { db: Database; clock: Clock }) {
  /** Changes the type's schedule in one transaction, audited, refused when stale (409). */
  async function change(
    type: TReminderType,
    version: string | undefined,
    who: SettingEditor,
    plan: {
      refuse: (stored: ReminderRow[]) => Refusal | undefined;
      rows: (stored: ReminderRow[]) => ScheduleRow[];
    },
  ): Promise<DataOutcome<TReminderSchedule>> {
    const now = clock.now();
    let stored: ReminderRow[] = [];
    const saved = await changeSetting(db, {
      setting: `reminder.${type}`,
      version,
      lock: async (tx) => {
        stored = await lockReminders(tx, type);
        return asReminders(stored);
      },
      refuse: () => plan.refuse(stored),
      write: (tx) => writeSchedule(tx, type, plan.rows(stored), stored, now),
      who,
      at: now,
    });
    return saved.ok ? { ok: true, data: asSchedule(type, saved.data) } : saved;
  }

  /**
   * The whole schedule: rows with an id keep it (and are refused when that reminder no longer exists), rows
   * without one are added, rows left out are removed.
   */
  function saveSchedule(type: TReminderType, body: unknown, who: SettingEditor) {
    const parsed = ZReminderScheduleSave.safeParse(body);
    if (!parsed.success) return Promise.resolve(refused(400, 'error.invalidRequest', fieldErrors(parsed.error)));
    const rows = parsed.data.reminders;
    return change(type, parsed.data.version, who, {
      refuse: (stored) => {
        const gone = rows.flatMap((row, index) =>
          row.id && !stored.some((kept) => kept.id === row.id)
            ? [{ errorField: `reminders.${index}.id`, message: REMINDER_MESSAGES.notFound }]
            : [],
        );
        return gone.length > 0 ? refused(404, REMINDER_MESSAGES.notFound, gone) : undefined;
      },
      rows: () => rows,
    });
  }

  /**
   * One reminder: added without an id, moved to its new day with one, under every rule of the whole schedule
   * (a day the schedule already has is refused as a duplicate).
   */
  function saveReminder(type: TReminderType, body: unknown, who: SettingEditor) {
    const parsed = ZReminderSave.safeParse(body);
    if (!parsed.success) return Promise.resolve(refused(400, 'error.invalidRequest', fieldErrors(parsed.error)));
    const { id, days, type: sentType, version } = parsed.data;
    if (sentType !== undefined && sentType !== type) {
      const problem = { errorField: 'type', message: REMINDER_MESSAGES.type };
      return Promise.resolve(refused(400, 'error.invalidRequest', [problem]));
    }
    return change(type, version, who, {
      refuse: (stored) => {
        if (id && !stored.some((row) => row.id === id)) {
          return refused(404, REMINDER_MESSAGES.notFound, [{ errorField: 'id', message: REMINDER_MESSAGES.notFound }]);
        }
        const duplicate = stored.some((row) => row.days === days && row.id !== id);
        const problem = { errorField: 'days', message: REMINDER_MESSAGES.invalid };
        return duplicate ? refused(400, 'error.invalidRequest', [problem]) : undefined;
      },
      rows: (stored) => [...stored.filter((row) => row.id !== id), { id, days }],
    });
  }

  return {
    async getSchedule(type: TReminderType): Promise<TReminderSchedule> {
      return asSchedule(type, await listReminders(db, type));
    },

    /** `POST /settings/reminder`: the whole schedule (`reminders`) or one reminder (`days`, and `id` to move one). */
    save(type: TReminderType, body: unknown, who: SettingEditor): Promise<DataOutcome<TReminderSchedule>> {
      const whole = body !== null && typeof body === 'object' && 'reminders' in body;
      return whole ? saveSchedule(type, body, who) : saveReminder(type, body, who);
    },

    /** Removes one reminder of the type; 404 when it no longer exists. */
    deleteReminder(type: TReminderType, query: { id: string; version?: string }, who: SettingEditor) {
      return change(type, query.version, who, {
        refuse: (stored) =>
          stored.some((row) => row.id === query.id) ? undefined : refused(404, REMINDER_MESSAGES.notFound),
        rows: (stored) => stored.filter((row) => row.id !== query.id),
      });
    },
  };
}
export type ReminderScheduleService = ReturnType<typeof createReminderScheduleService>;
