import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { TDateRange } from '@portal/shared/api/date-range';
import type { TEmailFailuresQuery } from '@portal/shared/email-analytics/email-failures';
import { FOLLOW_UP_DAYS, type TFollowUpKind } from '@portal/shared/email-analytics/email-summary';
import type { Database } from '../../db/client';
import { onePage } from '../../db/paging';
import { emailMessages } from '../../db/schema';
import { studyRangeBounds } from '../../db/study-days';

type Reader = Pick<Database, 'select' | 'execute'>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface MessageCountRow {
  date: string;
  template: string;
  language: string;
  sent: number;
  failed: number;
  bounced: number;
  suppressed: number;
  queued: number;
}

/** The messages created in the range by day (of the time zone), template and language, counted by where they stand. */
export async function countMessages(db: Reader, range: TDateRange, timeZone: string) {
  const { start, end } = studyRangeBounds(range, timeZone);
  const result = await db.execute(sql`
    select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as "date", template, language,
      count(*) filter (where status = 'sent')::int as "sent",
      count(*) filter (where status = 'failed' and not recipient_refused)::int as "failed",
      count(*) filter (where status = 'failed' and recipient_refused)::int as "bounced",
      count(*) filter (where status = 'suppressed')::int as "suppressed",
      count(*) filter (where status in ('queued', 'sending'))::int as "queued"
    from email_messages
    where created_at >= ${start} and created_at < ${end}
    group by 1, 2, 3
    order by 1, 2, 3`);
  return rowsOf<MessageCountRow>(result);
}

/**
 * The reminders and one-time survey invitations sent (created in the range and delivered), each with whether its
 * person took the step it asked for within `FOLLOW_UP_DAYS` days of it. A message sent again by an administrator
 * stands for the failed one its reminder or invitation names.
 */
export async function countFollowUps(db: Reader, range: TDateRange, timeZone: string) {
  const { start, end } = studyRangeBounds(range, timeZone);
  const within = (column: string) =>
    sql`${sql.raw(column)} >= m.sent_at and ${sql.raw(column)} < m.sent_at + make_interval(days => ${FOLLOW_UP_DAYS})`;
  const sentIn = sql`m.status = 'sent' and m.created_at >= ${start} and m.created_at < ${end}`;
  const result = await db.execute(sql`
    select kind, count(*)::int as "sent", count(*) filter (where followed)::int as "followed"
    from (
      select case d.type when 'ACCOUNT_ACTIVATION' then 'activationReminder' when 'ICF' then 'icfReminder'
          else 'surveyReminder' end as kind,
        case d.type
          when 'ACCOUNT_ACTIVATION' then exists (select 1 from users u where u.id = d.user_id and ${within('u.activated_at')})
          when 'ICF' then exists (
            select 1 from consent_signatures s where s.user_id = d.user_id and ${within('s.signed_at')})
          else exists (
            select 1 from survey_responses r join survey_rounds sr on sr.id = r.round_id
            where sr.user_id = d.user_id and sr.number = d.round_number and ${within('r.submitted_at')})
        end as followed
      from reminder_dispatches d
      join email_messages m on m.id = d.email_id or m.retry_of = d.email_id
      where ${sentIn}
      union all
      select 'oneTimeInvitation', exists (
          select 1 from survey_responses r
          where r.one_time_survey_id = o.survey_id and r.user_id = o.user_id and ${within('r.submitted_at')})
      from one_time_survey_users o
      join email_messages m on m.id = o.email_id or m.retry_of = o.email_id
      where ${sentIn}
    ) sent
    group by kind`);
  return rowsOf<{ kind: TFollowUpKind; sent: number; followed: number }>(result);
}

/** Whether a failed message can be sent again, as `RETRY_STATES` names it (columns named in full for the subquery). */
const retryState = sql<string>`case
  when exists (select 1 from email_messages r where r.retry_of = email_messages.id) then 'retried'
  when email_messages.recipient_refused then 'bounced'
  when email_messages.payload is null then 'expired'
  else 'available' end`;

/** One page of the messages created in the range that failed for good, the latest attempt first. */
export async function listFailures(db: Reader, query: TEmailFailuresQuery, timeZone: string) {
  const { start, end } = studyRangeBounds(query, timeZone);
  const failedIn = and(
    eq(emailMessages.status, 'failed'),
    gte(emailMessages.createdAt, sql`${start}`),
    lt(emailMessages.createdAt, sql`${end}`),
  );
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          id: emailMessages.id,
          lastAttemptAt: emailMessages.lastAttemptAt,
          createdAt: emailMessages.createdAt,
          recipient: emailMessages.recipient,
          template: emailMessages.template,
          language: emailMessages.language,
          attempts: emailMessages.attempts,
          reply: sql<string | null>`coalesce(${emailMessages.smtpReply}, ${emailMessages.error})`,
          bounced: emailMessages.recipientRefused,
          retry: retryState,
        })
        .from(emailMessages)
        .where(failedIn)
        .orderBy(
          query.sort.direction === 'asc' ? emailMessages.lastAttemptAt : desc(emailMessages.lastAttemptAt),
          emailMessages.id,
        )
        .$dynamic(),
      query,
    ),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(emailMessages)
      .where(failedIn),
  ]);
  return { rows, total: total?.total ?? 0 };
}
