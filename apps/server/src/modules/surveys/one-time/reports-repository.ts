import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared/api/paging';
import type { Database } from '../../../db/client';
import { onePage } from '../../../db/paging';
import {
  emailMessages,
  oneTimeSurveys,
  oneTimeSurveyUsers,
  surveyForms,
  surveyResponses,
  users,
} from '../../../db/schema';

type Reader = Pick<Database, 'select'>;
type Paging<F extends string> = { page: number; size: number; sort: SortOrder<F> };

/**
 * Why a configured participant was not initiated, or null: the reason recorded on the send date (withdrawn,
 * emailsOff, addressRefused), else what became of the invitation in the delivery ledger (held back at
 * delivery for a withdrawal or opt-out since, refused by the recipient's server, or failed for good).
 */
const failureReason: SQL<string | null> = sql`coalesce(${oneTimeSurveyUsers.failureReason}, case
  when ${emailMessages.status} = 'failed' and ${emailMessages.recipientRefused} then 'addressRefused'
  when ${emailMessages.status} = 'failed' then 'deliveryFailed'
  when ${emailMessages.status} = 'suppressed' and ${emailMessages.suppressedReason} in ('withdrawn', 'emailsOff')
    then ${emailMessages.suppressedReason}
  when ${emailMessages.status} = 'suppressed' then 'deliveryFailed'
end)`;

const responseOfUser = and(
  eq(surveyResponses.oneTimeSurveyId, oneTimeSurveyUsers.surveyId),
  eq(surveyResponses.userId, oneTimeSurveyUsers.userId),
);

const surveyColumns = {
  id: oneTimeSurveys.id,
  formId: oneTimeSurveys.formId,
  titleEn: surveyForms.titleEn,
  titleSp: surveyForms.titleSp,
  sendDate: oneTimeSurveys.sendDate,
  effectiveStartDate: oneTimeSurveys.effectiveStartDate,
  effectiveEndDate: oneTimeSurveys.effectiveEndDate,
  createdAt: oneTimeSurveys.createdAt,
  invitationsSentAt: oneTimeSurveys.invitationsSentAt,
};
export type SurveyRow = {
  id: string;
  formId: string;
  titleEn: string;
  titleSp: string;
  sendDate: Date;
  effectiveStartDate: Date;
  effectiveEndDate: Date;
  createdAt: Date;
  invitationsSentAt: Date | null;
};

const SORT_COLUMNS = {
  effectiveStartDate: oneTimeSurveys.effectiveStartDate,
  sendDate: oneTimeSurveys.sendDate,
  createdAt: oneTimeSurveys.createdAt,
} as const;

/** One page of the one-time surveys with their current form's name, in the asked order (then by id). */
export async function listOneTimeSurveys(db: Reader, query: Paging<keyof typeof SORT_COLUMNS>) {
  const order = query.sort.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select(surveyColumns)
        .from(oneTimeSurveys)
        .innerJoin(surveyForms, eq(surveyForms.id, oneTimeSurveys.formId))
        .orderBy(order(SORT_COLUMNS[query.sort.field]), asc(oneTimeSurveys.id))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(oneTimeSurveys),
  ]);
  return { rows: rows as SurveyRow[], total: total?.total ?? 0 };
}

/** Every one-time survey, for the figures across them all. */
export async function allOneTimeSurveys(db: Reader): Promise<SurveyRow[]> {
  return db
    .select(surveyColumns)
    .from(oneTimeSurveys)
    .innerJoin(surveyForms, eq(surveyForms.id, oneTimeSurveys.formId));
}

/** One survey with its current form. */
export async function findOneTimeSurvey(db: Reader, surveyId: string) {
  const [row] = await db
    .select({ ...surveyColumns, definition: surveyForms.definition })
    .from(oneTimeSurveys)
    .innerJoin(surveyForms, eq(surveyForms.id, oneTimeSurveys.formId))
    .where(eq(oneTimeSurveys.id, surveyId));
  return row;
}

/** The survey a form belongs to, whichever of its versions `formId` is. */
export async function findSurveyIdOfForm(db: Reader, formId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: oneTimeSurveys.id })
    .from(surveyForms)
    .innerJoin(oneTimeSurveys, sql`${surveyForms.key} = 'one-time-' || ${oneTimeSurveys.id}::text`)
    .where(eq(surveyForms.id, formId));
  return row?.id;
}

export interface SurveyFigures {
  surveyId: string;
  userCount: number;
  successCount: number;
  failureCount: number;
  submittedCount: number;
}

/**
 * Per survey (these, or all when `surveyIds` is omitted): participants configured, invitations that went and
 * were not refused or failed, participants not initiated, and questionnaires submitted.
 */
export async function surveyFigures(db: Reader, surveyIds?: string[]): Promise<Map<string, SurveyFigures>> {
  if (surveyIds?.length === 0) return new Map();
  const rows = await db
    .select({
      surveyId: oneTimeSurveyUsers.surveyId,
      userCount: count(),
      successCount: sql<number>`count(*) filter (where ${oneTimeSurveyUsers.emailId} is not null
        and ${failureReason} is null)`.mapWith(Number),
      failureCount: sql<number>`count(*) filter (where ${failureReason} is not null)`.mapWith(Number),
      submittedCount: count(surveyResponses.submittedAt),
    })
    .from(oneTimeSurveyUsers)
    .leftJoin(emailMessages, eq(emailMessages.id, oneTimeSurveyUsers.emailId))
    .leftJoin(surveyResponses, responseOfUser)
    .where(surveyIds ? inArray(oneTimeSurveyUsers.surveyId, surveyIds) : undefined)
    .groupBy(oneTimeSurveyUsers.surveyId);
  return new Map(rows.map((row) => [row.surveyId, row]));
}

const emailOrder = (direction: 'asc' | 'desc') =>
  direction === 'asc'
    ? [asc(sql`lower(${users.email})`), asc(users.id)]
    : [desc(sql`lower(${users.email})`), desc(users.id)];

/** One page of a survey's participants by e-mail, with when each was invited and their response, if any. */
export async function listSurveyUsers(db: Reader, surveyId: string, query: Paging<'email'>) {
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          userId: users.id,
          email: users.email,
          invitedAt: oneTimeSurveyUsers.invitedAt,
          startedAt: surveyResponses.startedAt,
          submittedAt: surveyResponses.submittedAt,
        })
        .from(oneTimeSurveyUsers)
        .innerJoin(users, eq(users.id, oneTimeSurveyUsers.userId))
        .leftJoin(surveyResponses, responseOfUser)
        .where(eq(oneTimeSurveyUsers.surveyId, surveyId))
        .orderBy(...emailOrder(query.sort.direction))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(oneTimeSurveyUsers).where(eq(oneTimeSurveyUsers.surveyId, surveyId)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** One page of a survey's participants not initiated, by e-mail, with the reason. */
export async function listSurveyFailures(db: Reader, surveyId: string, query: Paging<'email'>) {
  const failed = and(eq(oneTimeSurveyUsers.surveyId, surveyId), isNotNull(failureReason));
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({ email: users.email, reason: sql<string>`${failureReason}` })
        .from(oneTimeSurveyUsers)
        .innerJoin(users, eq(users.id, oneTimeSurveyUsers.userId))
        .leftJoin(emailMessages, eq(emailMessages.id, oneTimeSurveyUsers.emailId))
        .where(failed)
        .orderBy(...emailOrder(query.sort.direction))
        .$dynamic(),
      query,
    ),
    db
      .select({ total: count() })
      .from(oneTimeSurveyUsers)
      .leftJoin(emailMessages, eq(emailMessages.id, oneTimeSurveyUsers.emailId))
      .where(failed),
  ]);
  return { rows, total: total?.total ?? 0 };
}
