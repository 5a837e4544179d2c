import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isoText } from '../../../db/iso-text';
import { oneTimeSurveys, oneTimeSurveyUsers } from '../../../db/schema';
import { studyMailRecipientColumns, type StudyMailRecipient } from '../../../providers/mail/study-mail-block';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DueSurvey {
  id: string;
  titleEn: string;
  titleSp: string;
  effectiveStartDate: string;
  effectiveEndDate: string;
}

/**
 * Takes, until the transaction ends, a survey whose send date has come and whose invitations have not all gone
 * out; one another process holds is passed over (it is sending those), so each invitation is written once.
 */
export async function claimDueSurvey(db: Executor, now: Date): Promise<DueSurvey | undefined> {
  const result = await db.execute(sql`
    select s.id, f.title_en as "titleEn", f.title_sp as "titleSp",
      ${isoText(sql`s.effective_start_date`)} as "effectiveStartDate",
      ${isoText(sql`s.effective_end_date`)} as "effectiveEndDate"
    from one_time_surveys s join survey_forms f on f.id = s.form_id
    where s.invitations_sent_at is null and s.send_date <= ${now.toISOString()}::timestamptz
    order by s.send_date, s.id
    limit 1
    for update of s skip locked`);
  return rowsOf<DueSurvey>(result)[0];
}

export interface Invitee extends StudyMailRecipient {
  userId: string;
  email: string;
  firstName: string;
  language: string;
}

/** Up to `limit` participants of the survey not yet invited nor recorded as not invitable. */
export async function findInvitees(db: Executor, surveyId: string, limit: number): Promise<Invitee[]> {
  const result = await db.execute(sql`
    select u.id as "userId", u.email, u.first_name as "firstName", u.language, ${studyMailRecipientColumns('invitations')}
    from one_time_survey_users ou join users u on u.id = ou.user_id
    where ou.survey_id = ${surveyId}::uuid and ou.invited_at is null and ou.failure_reason is null
    order by u.id
    limit ${limit}`);
  return rowsOf<Invitee>(result);
}

const participantOf = (surveyId: string, userId: string) =>
  and(eq(oneTimeSurveyUsers.surveyId, surveyId), eq(oneTimeSurveyUsers.userId, userId));

export async function recordInvitation(db: Executor, surveyId: string, userId: string, emailId: string, at: Date) {
  await db.update(oneTimeSurveyUsers).set({ emailId, invitedAt: at }).where(participantOf(surveyId, userId));
}

export async function recordNotInvited(db: Executor, surveyId: string, userId: string, reason: string) {
  await db.update(oneTimeSurveyUsers).set({ failureReason: reason }).where(participantOf(surveyId, userId));
}

/** Marks the survey's invitations as all written: from now on nothing about it changes. */
export async function markInvitationsSent(db: Executor, surveyId: string, at: Date) {
  await db.update(oneTimeSurveys).set({ invitationsSentAt: at }).where(eq(oneTimeSurveys.id, surveyId));
}
