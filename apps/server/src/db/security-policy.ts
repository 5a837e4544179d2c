import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { securityPolicy } from './schema';

export type SecurityPolicyRow = typeof securityPolicy.$inferSelect;

/**
 * The security policy, read fresh on every use: a saved change takes effect at once on every server
 * process, with no cache to go stale. It is one primary-key row.
 */
export async function findSecurityPolicy(db: Pick<Database, 'select'>): Promise<SecurityPolicyRow> {
  const rows = await db.select().from(securityPolicy).where(eq(securityPolicy.id, 1));
  if (!rows[0]) throw new Error('security policy row is missing');
  return rows[0];
}
