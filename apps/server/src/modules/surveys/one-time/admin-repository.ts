import { and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { oneTimeSurveys, oneTimeSurveyUsers, surveyForms } from '../../../db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A list as one JSON parameter, so a list of 100,000 is one query with one parameter. */
const jsonList = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;

/** The form key of a one-time survey: every version of its form shares it. */
export const oneTimeFormKey = (surveyId: string) => `one-time-${surveyId}`;

export interface ParticipantMatch {
  key: string;
  userId: string;
  status: string;
}

/** The participants (any status) with these addresses, compared in lower case; `key` is the address so. */
export async function findParticipantsByEmail(db: Executor, emails: readonly string[]): Promise<ParticipantMatch[]> {
  if (emails.length === 0) return [];
  const result = await db.execute(sql`
    select lower(u.email) as key, u.id as "userId", u.status from users u
    where u.role = 'patient' and lower(u.email) in (select jsonb_array_elements_text(${jsonList(emails)}))`);
  return rowsOf<ParticipantMatch>(result);
}

/** The participants (any status) with these user IDs (lower case); `key` is the ID. */
export async function findParticipantsById(db: Executor, ids: readonly string[]): Promise<ParticipantMatch[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select u.id::text as key, u.id as "userId", u.status from users u
    where u.role = 'patient' and u.id in (select value::uuid from jsonb_array_elements_text(${jsonList(ids)}))`);
  return rowsOf<ParticipantMatch>(result);
}

export interface OneTimeValues {
  name: { en: string; sp: string };
  definition: Record<string, unknown>;
  sendDate: Date;
  effectiveStartDate: Date;
  effectiveEndDate: Date;
}

/** Stores a version of a one-time survey's form; answers its id. */
export async function insertOneTimeForm(
  db: Executor,
  values: { surveyId: string; version: number; name: OneTimeValues['name']; definition: unknown; at: Date },
): Promise<string> {
  const [form] = await db
    .insert(surveyForms)
    .values({
      key: oneTimeFormKey(values.surveyId),
      version: values.version,
      kind: 'one-time',
      titleEn: values.name.en,
      titleSp: values.name.sp,
      definition: values.definition,
      createdAt: values.at,
    })
    .returning({ id: surveyForms.id });
  return form!.id;
}

export async function insertOneTimeSurvey(
  db: Executor,
  values: { id: string; formId: string; createdBy: string; at: Date } & Omit<OneTimeValues, 'name' | 'definition'>,
) {
  await db.insert(oneTimeSurveys).values({
    id: values.id,
    formId: values.formId,
    sendDate: values.sendDate,
    effectiveStartDate: values.effectiveStartDate,
    effectiveEndDate: values.effectiveEndDate,
    createdBy: values.createdBy,
    createdAt: values.at,
  });
}

/** How many participants a survey is configured for. */
export async function countOneTimeUsers(db: Executor, surveyId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(oneTimeSurveyUsers)
    .where(eq(oneTimeSurveyUsers.surveyId, surveyId));
  return row?.total ?? 0;
}

/** Makes these participants the survey's whole list. */
export async function replaceOneTimeUsers(db: Executor, surveyId: string, userIds: readonly string[]) {
  await db.delete(oneTimeSurveyUsers).where(eq(oneTimeSurveyUsers.surveyId, surveyId));
  await db.execute(sql`
    insert into one_time_survey_users (survey_id, user_id)
    select ${surveyId}::uuid, value::uuid from jsonb_array_elements_text(${jsonList(userIds)})`);
}

/**
 * A survey and its current form, held until the transaction ends, with whether its invitations went out (to
 * anyone yet) and whether `definition` is the form it has now (compared as JSON values, key order aside).
 */
export async function lockOneTimeSurvey(db: Executor, surveyId: string, definition: Record<string, unknown>) {
  const [row] = await db
    .select({
      id: oneTimeSurveys.id,
      sendDate: oneTimeSurveys.sendDate,
      formId: oneTimeSurveys.formId,
      version: surveyForms.version,
      titleEn: surveyForms.titleEn,
      titleSp: surveyForms.titleSp,
      sameDefinition: sql<boolean>`${surveyForms.definition} = ${JSON.stringify(definition)}::jsonb`,
      invited: sql<boolean>`${oneTimeSurveys.invitationsSentAt} is not null or exists (${db
        .select({ one: sql`1` })
        .from(oneTimeSurveyUsers)
        .where(
          and(
            eq(oneTimeSurveyUsers.surveyId, oneTimeSurveys.id),
            or(isNotNull(oneTimeSurveyUsers.invitedAt), isNotNull(oneTimeSurveyUsers.failureReason)),
          ),
        )})`,
    })
    .from(oneTimeSurveys)
    .innerJoin(surveyForms, eq(surveyForms.id, oneTimeSurveys.formId))
    .where(eq(oneTimeSurveys.id, surveyId))
    .for('update', { of: oneTimeSurveys });
  return row;
}

export async function updateOneTimeSurvey(
  db: Executor,
  surveyId: string,
  values: { formId: string; at: Date } & Omit<OneTimeValues, 'name' | 'definition'>,
) {
  await db
    .update(oneTimeSurveys)
    .set({
      formId: values.formId,
      sendDate: values.sendDate,
      effectiveStartDate: values.effectiveStartDate,
      effectiveEndDate: values.effectiveEndDate,
      updatedAt: values.at,
    })
    .where(eq(oneTimeSurveys.id, surveyId));
}
