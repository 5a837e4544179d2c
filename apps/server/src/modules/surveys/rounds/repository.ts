import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { isoText } from '../../../db/iso-text';
import {
  oneTimeSurveys,
  oneTimeSurveyUsers,
  surveyForms,
  surveyResponses,
  surveyRounds,
  users,
} from '../../../db/schema';

export async function findSurveyParticipant(db: Executor, userId: string) {
  const [row] = await db
    .select({
      consentSignedAt: users.consentSignedAt,
      reconsentRequestedAt: users.reconsentRequestedAt,
      surveyTourSeenAt: users.surveyTourSeenAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function markSurveyTourSeen(db: Executor, userId: string, at: Date) {
  await db
    .update(users)
    .set({ surveyTourSeenAt: at })
    .where(and(eq(users.id, userId), isNull(users.surveyTourSeenAt)));
}

const roundColumns = {
  id: surveyRounds.id,
  number: surveyRounds.number,
  opensAt: surveyRounds.opensAt,
  closesAt: surveyRounds.closesAt,
};
export type Round = { id: string; number: number; opensAt: Date; closesAt: Date };

export function findRounds(db: Executor, userId: string): Promise<Round[]> {
  return db
    .select(roundColumns)
    .from(surveyRounds)
    .where(eq(surveyRounds.userId, userId))
    .orderBy(asc(surveyRounds.number));
}

/**
 * Consented, active participants with a round opened by `now` and not recorded yet: the next round opens
 * `intervalMonths` after the last one recorded (the caller works out the exact openings). Longest waiting first.
 */
export async function findRoundsToOpen(db: Database, now: Date, intervalMonths: number, limit: number) {
  const result = await db.execute(sql`
    select "userId", "consentSignedAt" from (
      select u.id as "userId", ${isoText(sql`u.consent_signed_at`)} as "consentSignedAt",
        u.consent_signed_at + make_interval(months => count(r.id)::int * ${intervalMonths}) as next_opens_at
      from users u left join survey_rounds r on r.user_id = u.id
      where u.status = 'active' and u.consent_signed_at is not null
      group by u.id, u.consent_signed_at
    ) due
    where next_opens_at <= ${now.toISOString()}::timestamptz
    order by next_opens_at
    limit ${limit}`);
  return (result as unknown as { rows: { userId: string; consentSignedAt: string }[] }).rows.map((row) => ({
    userId: row.userId,
    consentSignedAt: new Date(row.consentSignedAt),
  }));
}

/** Adds the rounds not yet recorded; a round already there (another request, another server) stays as it is. */
export async function insertRounds(
  db: Executor,
  userId: string,
  rounds: { number: number; opensAt: Date; closesAt: Date }[],
  at: Date,
) {
  if (rounds.length === 0) return;
  await db
    .insert(surveyRounds)
    .values(rounds.map((round) => ({ ...round, userId, createdAt: at })))
    .onConflictDoNothing();
}

export async function findRound(db: Executor, userId: string, roundId: string): Promise<Round | undefined> {
  const [row] = await db
    .select(roundColumns)
    .from(surveyRounds)
    .where(and(eq(surveyRounds.id, roundId), eq(surveyRounds.userId, userId)))
    .limit(1);
  return row;
}

const formSummary = {
  id: surveyForms.id,
  key: surveyForms.key,
  version: surveyForms.version,
  titleEn: surveyForms.titleEn,
  titleSp: surveyForms.titleSp,
  sortOrder: surveyForms.sortOrder,
};
export type FormSummary = {
  id: string;
  key: string;
  version: number;
  titleEn: string;
  titleSp: string;
  sortOrder: number;
};

/** The newest version of each study instrument, in round order. */
export async function findRoundForms(db: Executor): Promise<FormSummary[]> {
  const newest = db
    .select({ key: surveyForms.key, version: sql<number>`max(${surveyForms.version})`.as('newest_version') })
    .from(surveyForms)
    .where(eq(surveyForms.kind, 'round'))
    .groupBy(surveyForms.key)
    .as('newest');
  return db
    .select(formSummary)
    .from(surveyForms)
    .innerJoin(newest, and(eq(surveyForms.key, newest.key), eq(surveyForms.version, newest.version)))
    .where(eq(surveyForms.kind, 'round'))
    .orderBy(asc(surveyForms.sortOrder), asc(surveyForms.key));
}

function findResponsesWhere(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: surveyResponses.id,
      roundId: surveyResponses.roundId,
      oneTimeSurveyId: surveyResponses.oneTimeSurveyId,
      formKey: surveyResponses.formKey,
      startedAt: surveyResponses.startedAt,
      submittedAt: surveyResponses.submittedAt,
      form: formSummary,
    })
    .from(surveyResponses)
    .innerJoin(surveyForms, eq(surveyForms.id, surveyResponses.formId))
    .where(where);
}

/** Every response of the participant, with its form. */
export const findResponses = (db: Executor, userId: string) =>
  findResponsesWhere(db, eq(surveyResponses.userId, userId));

/** Every response given in these rounds, with its form. */
export const findRoundResponses = async (db: Executor, roundIds: string[]) =>
  roundIds.length === 0 ? [] : findResponsesWhere(db, inArray(surveyResponses.roundId, roundIds));

const assignmentColumns = {
  id: oneTimeSurveys.id,
  opensAt: oneTimeSurveys.effectiveStartDate,
  closesAt: oneTimeSurveys.effectiveEndDate,
  form: formSummary,
};

/** The one-time surveys assigned to the participant, with their forms. */
export function findOneTimeAssignments(db: Executor, userId: string) {
  return db
    .select(assignmentColumns)
    .from(oneTimeSurveyUsers)
    .innerJoin(oneTimeSurveys, eq(oneTimeSurveys.id, oneTimeSurveyUsers.surveyId))
    .innerJoin(surveyForms, eq(surveyForms.id, oneTimeSurveys.formId))
    .where(eq(oneTimeSurveyUsers.userId, userId));
}

export async function findOneTimeAssignment(db: Executor, userId: string, surveyId: string) {
  const [row] = await db
    .select(assignmentColumns)
    .from(oneTimeSurveyUsers)
    .innerJoin(oneTimeSurveys, eq(oneTimeSurveys.id, oneTimeSurveyUsers.surveyId))
    .innerJoin(surveyForms, eq(surveyForms.id, oneTimeSurveys.formId))
    .where(and(eq(oneTimeSurveyUsers.userId, userId), eq(oneTimeSurveyUsers.surveyId, surveyId)))
    .limit(1);
  return row;
}

/**
 * Starts a response unless one exists for the same round and instrument (or the same one-time survey), and
 * returns the one that counts, with whether it is submitted.
 */
export async function startResponse(
  db: Executor,
  values: { userId: string; formId: string; formKey: string; roundId?: string; oneTimeSurveyId?: string; at: Date },
) {
  const { at, ...owner } = values;
  await db
    .insert(surveyResponses)
    .values({ ...owner, answers: {}, startedAt: at, updatedAt: at })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: surveyResponses.id, submittedAt: surveyResponses.submittedAt })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.userId, values.userId),
        values.roundId
          ? and(eq(surveyResponses.roundId, values.roundId), eq(surveyResponses.formKey, values.formKey))
          : eq(surveyResponses.oneTimeSurveyId, values.oneTimeSurveyId!),
      ),
    )
    .limit(1);
  return row!;
}

/**
 * One of the participant's responses with its form and the window it must be answered in; `lock` holds the row
 * until the transaction ends, so one submission at a time.
 */
export async function findResponse(db: Executor, userId: string, responseId: string, lock = false) {
  const query = db
    .select({
      id: surveyResponses.id,
      roundId: surveyResponses.roundId,
      answers: surveyResponses.answers,
      pageNo: surveyResponses.pageNo,
      submittedAt: surveyResponses.submittedAt,
      form: { ...formSummary, definition: surveyForms.definition },
      opensAt: sql<Date>`coalesce(${surveyRounds.opensAt}, ${oneTimeSurveys.effectiveStartDate})`.mapWith(
        surveyRounds.opensAt,
      ),
      closesAt: sql<Date>`coalesce(${surveyRounds.closesAt}, ${oneTimeSurveys.effectiveEndDate})`.mapWith(
        surveyRounds.closesAt,
      ),
    })
    .from(surveyResponses)
    .innerJoin(surveyForms, eq(surveyForms.id, surveyResponses.formId))
    .leftJoin(surveyRounds, eq(surveyRounds.id, surveyResponses.roundId))
    .leftJoin(oneTimeSurveys, eq(oneTimeSurveys.id, surveyResponses.oneTimeSurveyId))
    .where(and(eq(surveyResponses.id, responseId), eq(surveyResponses.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: surveyResponses }) : await query;
  return row;
}
export type StoredResponse = NonNullable<Awaited<ReturnType<typeof findResponse>>>;

/** Saves answers of a response not yet submitted; false when it was submitted meanwhile. */
export async function saveResponse(
  db: Executor,
  responseId: string,
  values: { answers: Record<string, unknown>; pageNo: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(surveyResponses)
    .set({ answers: values.answers, pageNo: values.pageNo, updatedAt: values.at })
    .where(and(eq(surveyResponses.id, responseId), isNull(surveyResponses.submittedAt)))
    .returning({ id: surveyResponses.id });
  return rows.length === 1;
}

export async function submitResponse(
  db: Executor,
  responseId: string,
  values: { answers: Record<string, unknown>; at: Date },
) {
  await db
    .update(surveyResponses)
    .set({ answers: values.answers, updatedAt: values.at, submittedAt: values.at })
    .where(and(eq(surveyResponses.id, responseId), isNull(surveyResponses.submittedAt)));
}

/** Stores survey form versions; a version already stored (same key and version) is left as it is. */
export async function insertNewSurveyForms(db: Executor, forms: (typeof surveyForms.$inferInsert)[]) {
  await db.insert(surveyForms).values(forms).onConflictDoNothing();
}
