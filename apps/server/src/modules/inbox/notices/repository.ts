import { sql, type SQL } from 'drizzle-orm';
import type { TNoticeAudiences, TStudyNotice } from '@portal/shared/inbox/notices';
import type { Executor } from '../../../db/client';
import { isoText } from '../../../db/iso-text';
import { pageSql, type PageRequest } from '../../../db/paging';
import { rowsOf } from '../../../db/rows';

/**
 * The participants a notice goes to, over `users u`: active participants (not withdrawn; not a registration whose
 * address was never confirmed, which may be a stranger's and cannot open Messages), of the health system whose
 * stored value is `databaseValue` when one is given.
 */
const audienceOf = (databaseValue: string | null): SQL => sql`u.role = 'patient' and u.status = 'active'
  ${databaseValue === null ? sql`` : sql`and u.health_system = ${databaseValue}`}`;

/** A health system's id, name and stored value, if it exists. */
export async function findHealthSystem(db: Executor, id: string) {
  const result = await db.execute(
    sql`select id, name, database_value as "databaseValue" from health_systems where id = ${id}::uuid`,
  );
  return rowsOf<{ id: string; name: string; databaseValue: string }>(result)[0];
}

/** Everyone a notice can go to now, and each health system's share. */
export async function countAudiences(db: Executor): Promise<TNoticeAudiences> {
  const result = await db.execute(sql`
    select h.id, h.name, count(u.id)::int as recipients
    from health_systems h left join users u on u.health_system = h.database_value and ${audienceOf(null)}
    group by h.id, h.name
    order by lower(h.name)`);
  const everyone = await db.execute(sql`select count(*)::int as n from users u where ${audienceOf(null)}`);
  return {
    everyone: Number(rowsOf<{ n: number }>(everyone)[0]?.n ?? 0),
    healthSystems: rowsOf<{ id: string; name: string; recipients: number }>(result).map((r) => ({
      ...r,
      recipients: Number(r.recipients),
    })),
  };
}

export interface NewNotice {
  titleEn: string;
  titleSp: string;
  bodyEn: string;
  bodySp: string;
  healthSystemId: string | null;
  postedBy: string;
  at: Date;
}

/**
 * Writes a notice and one inbox message per participant of its audience, in one INSERT … SELECT, then its count;
 * answers the notice's id and how many it reached. Its e-mails are queued after, in batches (`claimUnmailed`).
 */
export async function insertNotice(db: Executor, notice: NewNotice, databaseValue: string | null) {
  const at = notice.at.toISOString();
  const [created] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into study_notices (title_en, title_sp, body_en, body_sp, health_system_id, posted_by, recipients, created_at)
      values (${notice.titleEn}, ${notice.titleSp}, ${notice.bodyEn}, ${notice.bodySp}, ${notice.healthSystemId}::uuid,
        ${notice.postedBy}::uuid, 0, ${at}::timestamptz)
      returning id`),
  );
  const id = created!.id;
  const inserted = await db.execute(sql`
    with added as (
      insert into inbox_messages (user_id, kind, notice_id, created_at)
      select u.id, 'notice', ${id}::uuid, ${at}::timestamptz from users u where ${audienceOf(databaseValue)}
      returning 1
    )
    update study_notices set recipients = (select count(*) from added) where id = ${id}::uuid
    returning recipients`);
  return { id, recipients: Number(rowsOf<{ recipients: number }>(inserted)[0]?.recipients ?? 0) };
}

/** The notices `where` selects, the newest first, with their audience's name and the address of who posted it. */
async function selectNotices(
  db: Executor,
  where: SQL,
  tail: SQL = sql``,
): Promise<(TStudyNotice & { total: number })[]> {
  const result = await db.execute(sql`
    select n.id, n.title_en as "titleEn", n.title_sp as "titleSp", n.body_en as "bodyEn", n.body_sp as "bodySp",
      n.health_system_id as "healthSystemId", h.name as "healthSystemName", n.recipients,
      ${isoText(sql`n.created_at`)} as "postedAt", p.email as "postedBy", count(*) over () as total
    from study_notices n
      join users p on p.id = n.posted_by
      left join health_systems h on h.id = n.health_system_id
    where ${where}
    order by n.created_at desc, n.id desc
    ${tail}`);
  return rowsOf<{
    id: string;
    titleEn: string;
    titleSp: string;
    bodyEn: string;
    bodySp: string;
    healthSystemId: string | null;
    healthSystemName: string | null;
    recipients: number;
    postedAt: string;
    postedBy: string;
    total: string | number;
  }>(result).map((r) => ({
    id: r.id,
    title: { en: r.titleEn, sp: r.titleSp },
    body: { en: r.bodyEn, sp: r.bodySp },
    healthSystemId: r.healthSystemId,
    healthSystemName: r.healthSystemName,
    recipients: Number(r.recipients),
    postedAt: r.postedAt,
    postedBy: r.postedBy,
    total: Number(r.total),
  }));
}

const withoutTotal = ({ total: _total, ...notice }: TStudyNotice & { total: number }): TStudyNotice => notice;

/** One page of the notices, the newest first, and how many there are. */
export async function listNotices(db: Executor, page: PageRequest) {
  const rows = await selectNotices(db, sql`true`, pageSql(page));
  // A page past the end has no row to carry the count.
  const total = rows[0]
    ? rows[0].total
    : Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from study_notices`))[0]?.n ?? 0);
  return { content: rows.map(withoutTotal), totalElements: total };
}

/** One notice, by its id. */
export async function findNotice(db: Executor, id: string): Promise<TStudyNotice | undefined> {
  const [row] = await selectNotices(db, sql`n.id = ${id}::uuid`);
  return row && withoutTotal(row);
}

/** A notice's inbox message still waiting for its e-mail, with what the e-mail needs. */
export interface UnmailedNotice {
  messageId: string;
  userId: string;
  email: string;
  firstName: string;
  language: string;
  titleEn: string;
  titleSp: string;
  bodyEn: string;
  bodySp: string;
}

/**
 * Takes, until the transaction ends, up to `limit` notice messages whose e-mail has not been queued, leaving out
 * those in `passedOver` (messages this run could not queue); rows another process holds are passed over (it is
 * queueing those), so each e-mail is queued once.
 */
export async function claimUnmailed(
  db: Executor,
  limit: number,
  passedOver: readonly string[] = [],
): Promise<UnmailedNotice[]> {
  const skip =
    passedOver.length === 0
      ? sql``
      : sql`and m.id not in (${sql.join(
          passedOver.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    select m.id as "messageId", u.id as "userId", u.email, u.first_name as "firstName", u.language,
      n.title_en as "titleEn", n.title_sp as "titleSp", n.body_en as "bodyEn", n.body_sp as "bodySp"
    from inbox_messages m
      join users u on u.id = m.user_id
      join study_notices n on n.id = m.notice_id
    where m.notice_id is not null and m.email_id is null ${skip}
    order by m.created_at, m.id
    limit ${limit}
    for update of m skip locked`);
  return rowsOf<UnmailedNotice>(result);
}

export async function setEmailId(db: Executor, messageId: string, emailId: string) {
  await db.execute(sql`update inbox_messages set email_id = ${emailId}::uuid where id = ${messageId}::uuid`);
}
