import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSettings } from './schema';

/**
 * A random secret generated on first use and kept in the database, so that every server process on one
 * database signs and verifies with the same one.
 */
export async function loadAppSecret(db: Database, name: string): Promise<string> {
  const key = `secret:${name}`;
  const read = () => db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  const [existing] = await read();
  if (typeof existing?.value === 'string') return existing.value;
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await read();
  if (typeof row?.value !== 'string') throw new Error(`secret ${name} is unreadable`);
  return row.value;
}
