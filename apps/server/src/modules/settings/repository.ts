import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { downtimeSettings } from '../../db/schema';

const downtimeRow = (db: Pick<Database, 'select'>) =>
  db.select().from(downtimeSettings).where(eq(downtimeSettings.id, 1));

export async function findDowntimeSettings(db: Pick<Database, 'select'>) {
  const rows = await downtimeRow(db);
  return rows[0];
}

/** The downtime row, locked until the caller's transaction ends. */
export async function lockDowntimeSettings(tx: Pick<Database, 'select'>) {
  const rows = await downtimeRow(tx).for('update');
  return rows[0];
}

export async function updateDowntimeSettings(
  db: Pick<Database, 'insert'>,
  values: {
    enableDowntime: boolean;
    messageEn: string;
    messageSp: string;
    effectiveStartDate: Date;
    effectiveEndDate: Date;
    reminderDaysInAdvance: number;
  },
  now: Date,
) {
  await db
    .insert(downtimeSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: downtimeSettings.id, set: { ...values, updatedAt: now } });
}
