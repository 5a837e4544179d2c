import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { TReminder, TReminderType } from '@portal/shared/settings/reminders';
import type { Database } from '../../../db/client';
import { reminderDays } from '../../../db/schema';

const scheduleRows = (db: Pick<Database, 'select'>, type: TReminderType) =>
  db
    .select({ id: reminderDays.id, days: reminderDays.days, createdAt: reminderDays.createdAt })
    .from(reminderDays)
    .where(eq(reminderDays.type, type))
    .orderBy(asc(reminderDays.days));
export type ReminderRow = Awaited<ReturnType<typeof scheduleRows>>[number];

/** The rows as the schedule shows them: id and day. */
export const asReminders = (rows: ReminderRow[]): TReminder[] => rows.map(({ id, days }) => ({ id, days }));

/** A type's schedule, by day. */
export async function listReminders(db: Pick<Database, 'select'>, type: TReminderType): Promise<TReminder[]> {
  return asReminders(await scheduleRows(db, type));
}

/**
 * A type's schedule with each row's creation time, held until the caller's transaction ends. An empty
 * schedule has no row to lock, so the lock is a transaction-level advisory lock named after the type.
 */
export async function lockReminders(tx: Pick<Database, 'select' | 'execute'>, type: TReminderType) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminder_days:${type}`}))`);
  return scheduleRows(tx, type);
}

/** Removes the type's rows other than `keepIds`. */
export async function deleteRemindersExcept(db: Pick<Database, 'delete'>, type: TReminderType, keepIds: string[]) {
  const others = keepIds.length > 0 ? notInArray(reminderDays.id, keepIds) : undefined;
  await db.delete(reminderDays).where(and(eq(reminderDays.type, type), others));
}

/** Adds rows to the type's schedule; a row with an id keeps it, and its creation time. */
export async function insertReminders(
  db: Pick<Database, 'insert'>,
  type: TReminderType,
  rows: { id?: string; days: number; createdAt: Date }[],
) {
  if (rows.length === 0) return;
  await db.insert(reminderDays).values(rows.map((row) => ({ ...row, type })));
}
