import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { downtimeSettings, securityPolicy } from '../../db/schema';

export async function findDowntimeSettings(db: Database) {
  const rows = await db.select().from(downtimeSettings).where(eq(downtimeSettings.id, 1));
  return rows[0];
}

export async function findInactiveSessionTimeout(db: Database): Promise<number> {
  const rows = await db
    .select({ minutes: securityPolicy.inactiveSessionTimeoutInMin })
    .from(securityPolicy)
    .where(eq(securityPolicy.id, 1));
  if (!rows[0]) throw new Error('security policy row is missing');
  return rows[0].minutes;
}

export async function updateDowntimeSettings(
  db: Database,
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
