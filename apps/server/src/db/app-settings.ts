import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSettings } from './schema';

/** A setting of the key-value table, unchecked: the caller parses it against its own schema. */
export async function findAppSetting(db: Database, key: string): Promise<unknown> {
  const rows = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return rows[0]?.value;
}

export async function saveAppSetting(db: Database, key: string, value: unknown, now: Date) {
  await db
    .insert(appSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}

/**
 * A setting of the key-value table, locked until the caller's transaction ends; a missing one is stored as
 * `fallback` first, so there is always a row to lock.
 */
export async function lockAppSetting(tx: Database, key: string, fallback: unknown, now: Date): Promise<unknown> {
  await tx.insert(appSettings).values({ key, value: fallback, updatedAt: now }).onConflictDoNothing();
  const rows = await tx
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .for('update');
  return rows[0]?.value;
}
