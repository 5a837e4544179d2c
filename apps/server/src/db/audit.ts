import { sql, type SQL } from 'drizzle-orm';
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

/** The columns of an audit row, each as `auditInsert` takes it: a value as the driver sends it, or a placeholder. */
export type AuditColumns = Record<'at' | 'actorId' | 'action' | 'subjectId' | 'details' | 'ip', unknown>;

/** An entry's column values as the driver sends them: the row `recordAudit` appends. */
export function auditColumns(entry: AuditEntry): AuditColumns {
  return {
    at: entry.at.toISOString(),
    actorId: entry.actorId ?? null,
    action: entry.action,
    subjectId: entry.subjectId ?? null,
    details: JSON.stringify(entry.details ?? {}),
    ip: entry.ip ?? null,
  };
}

/**
 * An INSERT of one audit row, to run within a larger statement (a data-modifying WITH query), so that a change and
 * its audit record reach the database together, in one round trip. The values are those of `auditColumns`, or
 * placeholders of a prepared statement filled with them.
 */
export function auditInsert(columns: AuditColumns): SQL {
  const { at, actorId, action, subjectId, details, ip } = columns;
  return sql`insert into ${auditLog} (at, actor_id, action, subject_id, details, ip)
    values (${at}::timestamptz, ${actorId}::uuid, ${action}, ${subjectId}::uuid, ${details}::jsonb, ${ip})`;
}
