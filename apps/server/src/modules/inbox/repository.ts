import { and, eq, sql } from 'drizzle-orm';
import type { TInboxMessage } from '@portal/shared/inbox/messages';
import type { Executor } from '../../db/client';
import { isoText } from '../../db/iso-text';
import { rowsOf } from '../../db/rows';
import { inboxMessages } from '../../db/schema';

/** One page of a participant's messages, the newest first, each notice with its texts; and how many there are. */
export async function listMessages(db: Executor, userId: string, page: { page: number; size: number }) {
  const result = await db.execute(sql`
    select m.id, m.kind, m.params, ${isoText(sql`m.created_at`)} as "createdAt", m.read_at is not null as read,
      n.title_en as "titleEn", n.title_sp as "titleSp", n.body_en as "bodyEn", n.body_sp as "bodySp",
      count(*) over () as total
    from inbox_messages m left join study_notices n on n.id = m.notice_id
    where m.user_id = ${userId}::uuid
    order by m.created_at desc, m.id desc
    limit ${page.size} offset ${page.page * page.size}`);
  const rows = rowsOf<{
    id: string;
    kind: TInboxMessage['kind'];
    params: Record<string, string>;
    createdAt: string;
    read: boolean;
    titleEn: string | null;
    titleSp: string | null;
    bodyEn: string | null;
    bodySp: string | null;
    total: string | number;
  }>(result);
  const content: TInboxMessage[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    params: r.params,
    title: r.titleEn === null ? null : { en: r.titleEn, sp: r.titleSp ?? '' },
    body: r.bodyEn === null ? null : { en: r.bodyEn, sp: r.bodySp ?? '' },
    createdAt: r.createdAt,
    read: r.read,
  }));
  // A page past the end has no row to carry the count.
  const total = rows[0] ? Number(rows[0].total) : page.page === 0 ? 0 : await countMessages(db, userId);
  return { content, totalElements: total };
}

async function countMessages(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from inbox_messages where user_id = ${userId}::uuid`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** How many of a participant's messages are unread. */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from inbox_messages where user_id = ${userId}::uuid and read_at is null`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Marks a message read at `at`, if it is the participant's own; a message read before keeps its first time.
 * Answers whether the participant has that message.
 */
export async function markRead(db: Executor, userId: string, id: string, at: Date): Promise<boolean> {
  const own = and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId));
  const rows = await db
    .update(inboxMessages)
    .set({ readAt: sql`coalesce(${inboxMessages.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(own)
    .returning({ id: inboxMessages.id });
  return rows.length > 0;
}
