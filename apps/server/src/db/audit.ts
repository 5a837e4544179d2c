import type { Database } from './client';
import { auditLog } from './schema';

export interface AuditEntry {
  at: Date;
  action: string;
  actorId?: string;
  subjectId?: string;
  /** What changed, without personal data beyond ids. */
  details?: Record<string, unknown>;
  ip?: string;
}

/** Appends a row to the audit trail: every consent-relevant change leaves one. */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
