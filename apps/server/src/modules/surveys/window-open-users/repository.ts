import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { IsoDate } from '@portal/shared/dates';
import type { TOpenedUsersQuery } from '@portal/shared/surveys/opened-users';
import type { Database } from '../../../db/client';
import { onePage } from '../../../db/paging';
import { surveyResponses, surveyRounds, users } from '../../../db/schema';
import { studyDayBounds } from '../../../db/study-days';
import { inScope, type ParticipantScope } from '../../../security/participant-scope';

type Reader = Pick<Database, 'select'>;

/** Round windows open at `now` of participants still in the study (a withdrawn account is never active). */
const openAt = (now: Date) =>
  and(eq(users.status, 'active'), lte(surveyRounds.opensAt, now), gt(surveyRounds.closesAt, now));

const SORT_COLUMNS = {
  closesAt: surveyRounds.closesAt,
  opensAt: surveyRounds.opensAt,
  email: sql`lower(${users.email})`,
} as const;

/**
 * One page of the open round windows of participants within the scope, in the asked order (then by round, for a
 * stable page).
 */
export async function listOpenRounds(db: Reader, scope: ParticipantScope, query: TOpenedUsersQuery & { now: Date }) {
  const order = query.sort.direction === 'asc' ? asc : desc;
  const where = and(openAt(query.now), inScope(users.healthSystem, scope));
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          id: surveyRounds.id,
          number: surveyRounds.number,
          opensAt: surveyRounds.opensAt,
          closesAt: surveyRounds.closesAt,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(surveyRounds)
        .innerJoin(users, eq(users.id, surveyRounds.userId))
        .where(where)
        .orderBy(order(SORT_COLUMNS[query.sort.field]), asc(surveyRounds.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(surveyRounds).innerJoin(users, eq(users.id, surveyRounds.userId)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * The open windows at `now`, how many have no questionnaire started, and how many have all `formCount` submitted
 * (a round holds one response per questionnaire).
 */
export async function countOpenRounds(db: Reader, now: Date, formCount: number) {
  const progress = db
    .select({ roundId: surveyResponses.roundId, submitted: count(surveyResponses.submittedAt).as('submitted') })
    .from(surveyResponses)
    .innerJoin(surveyRounds, eq(surveyRounds.id, surveyResponses.roundId))
    .where(and(lte(surveyRounds.opensAt, now), gt(surveyRounds.closesAt, now)))
    .groupBy(surveyResponses.roundId)
    .as('progress');
  const [row] = await db
    .select({
      openWindows: count(),
      notStarted: sql<number>`count(*) filter (where ${progress.roundId} is null)`.mapWith(Number),
      submitted: sql<number>`count(*) filter (where ${progress.submitted} >= ${formCount})`.mapWith(Number),
    })
    .from(surveyRounds)
    .innerJoin(users, eq(users.id, surveyRounds.userId))
    .leftJoin(progress, eq(progress.roundId, surveyRounds.id))
    .where(openAt(now));
  return row ?? { openWindows: 0, notStarted: 0, submitted: 0 };
}

/**
 * Per calendar day of `timeZone` from `from` to `to`: the round windows open at any moment of the day whose
 * participant had not withdrawn before it began, and the round questionnaires submitted that day.
 */
export async function completionByDay(
  db: Pick<Database, 'execute'>,
  { from, to, timeZone }: { from: IsoDate; to: IsoDate; timeZone: string },
) {
  const { start: dayStart, end: dayEnd } = studyDayBounds(sql`d.day`, timeZone);
  const result = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as "date",
      (select count(*)::int from survey_rounds r
        where r.opens_at < ${dayEnd} and r.closes_at > ${dayStart}
          and not exists (
            select 1 from consent_withdrawals w where w.user_id = r.user_id and w.withdrawn_at < ${dayStart}
          )) as "openWindows",
      (select count(*)::int from survey_responses s
        where s.round_id is not null and s.submitted_at >= ${dayStart} and s.submitted_at < ${dayEnd}) as "submitted"
    from (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day) d
    order by d.day`);
  return (result as unknown as { rows: { date: string; openWindows: number; submitted: number }[] }).rows;
}
