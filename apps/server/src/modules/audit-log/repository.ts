import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { onePage } from '../../db/paging';
import { auditLog, users } from '../../db/schema';
import { withinStudyDays } from '../../db/study-days';

type Reader = Pick<Database, 'select'>;

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A search with people already resolved to user IDs (an empty list finds nothing). */
export interface ResolvedSearch {
  from: string;
  to: string;
  timeZone: string;
  action?: string;
  participantIds?: string[];
  actorIds?: string[];
}

/** The users a search names: a user ID as given, or every account of an e-mail address in any letter case. */
export async function resolveUserIds(db: Reader, who: string | undefined): Promise<string[] | undefined> {
  if (who === undefined) return undefined;
  if (UUID.test(who)) return [who.toLowerCase()];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${who})`);
  return rows.map((row) => row.id);
}

/** The records of a search: both days included, as calendar days of the study's time zone. */
function searchWhere(search: ResolvedSearch): SQL | undefined {
  return and(
    withinStudyDays(auditLog.at, search, search.timeZone),
    search.action ? eq(auditLog.action, search.action) : undefined,
    search.participantIds ? inArray(auditLog.subjectId, search.participantIds) : undefined,
    search.actorIds ? inArray(auditLog.actorId, search.actorIds) : undefined,
  );
}

const recordColumns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  actorId: auditLog.actorId,
  actorEmail: actor.email,
  subjectId: auditLog.subjectId,
  subjectEmail: subject.email,
  ip: auditLog.ip,
  details: auditLog.details,
};

/** Records newest first (then by ID, so pages never overlap), after the keyset `after` when given. */
function selectRecords(db: Reader, search: ResolvedSearch, after?: { at: Date; id: string }) {
  const keyset = after
    ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select(recordColumns)
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectId))
    .where(and(searchWhere(search), keyset))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}
export type AuditRow = Awaited<ReturnType<typeof selectRecords>>[number];

/** One page of a search. */
export function listRecords(db: Reader, search: ResolvedSearch, page: { page: number; size: number }) {
  return onePage(selectRecords(db, search).$dynamic(), page);
}

/** The next batch of an export, after the last record of the previous one. */
export function nextBatch(db: Reader, search: ResolvedSearch, size: number, after?: { at: Date; id: string }) {
  return selectRecords(db, search, after).limit(size);
}

/** How many records a search finds, counting no further than `limit` + 1 (a large trail is never read whole). */
export async function countRecords(db: Reader, search: ResolvedSearch, limit: number): Promise<number> {
  const found = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(searchWhere(search))
    .limit(limit + 1)
    .as('found');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(found);
  return Number(row?.total ?? 0);
}
