import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { securityPolicy } from './schema';

export type SecurityPolicyRow = typeof securityPolicy.$inferSelect;

const policyRow = (db: Pick<Database, 'select'>) => db.select().from(securityPolicy).where(eq(securityPolicy.id, 1));

function onlyRow(rows: SecurityPolicyRow[]): SecurityPolicyRow {
  if (!rows[0]) throw new Error('security policy row is missing');
  return rows[0];
}

/**
 * The security policy, read fresh on every use: a saved change takes effect at once on every server
 * process, with no cache to go stale. It is one primary-key row.
 */
export async function findSecurityPolicy(db: Pick<Database, 'select'>): Promise<SecurityPolicyRow> {
  return onlyRow(await policyRow(db));
}

/** The security policy, locked until the caller's transaction ends, so two saves follow one another. */
export async function lockSecurityPolicy(tx: Pick<Database, 'select'>): Promise<SecurityPolicyRow> {
  return onlyRow(await policyRow(tx).for('update'));
}
