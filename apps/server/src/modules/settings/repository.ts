import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, downtimeSettings } from '../../db/schema';

export async function findDowntimeSettings(db: Database) {
  const rows = await db.select().from(downtimeSettings).where(eq(downtimeSettings.id, 1));
  return rows[0];
}

export async function findAppSetting(db: Database, key: string): Promise<unknown> {
  const rows = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return rows[0]?.value;
}
