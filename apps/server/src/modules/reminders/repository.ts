import { sql, type SQL } from 'drizzle-orm';
import { REMINDER_TYPES, type TReminderType } from '@portal/shared/settings/reminders';
import type { Database } from '../../db/client';
import { hasConsentSql } from '../../db/consent-state';
import { isoText } from '../../db/iso-text';
import { reminderDays, reminderDispatches } from '../../db/schema';
import { studyMailRecipientColumns, type StudyMailRecipient } from '../../providers/mail/study-mail-block';

/** One configured day of one reminder that has come for one person and has not been dealt with yet. */
export interface DueReminder extends StudyMailRecipient {
  userId: string;
  email: string;
  firstName: string;
  language: string;
  roundNumber: number;
  /** When the survey round's window ends (survey reminders only). */
  closesAt: string | null;
  days: number;
}

/** The reminder types whose schedule holds at least one day, in the order reminders are sent. */
export async function scheduledTypes(db: Database): Promise<TReminderType[]> {
  const rows = await db.selectDistinct({ type: reminderDays.type }).from(reminderDays);
  const types = new Set(rows.map((row) => row.type));
  return REMINDER_TYPES.filter((type) => types.has(type));
}

/**
 * Where each reminder type's people come from, what its days count from, which round of the reminder it is, and
 * who still needs it.
 */
function source(
  type: TReminderType,
  now: string,
  roundForms: number,
): { from: SQL; anchor: SQL; round: SQL; who: SQL } {
  switch (type) {
    case 'ACCOUNT_ACTIVATION':
      return {
        from: sql`users u`,
        anchor: sql`u.created_at`,
        round: sql`0`,
        who: sql`u.role = 'patient' and u.status = 'pending'`,
      };
    case 'ICF':
      // Counted from activation until the first signing; a request to sign an updated form starts a round of
      // its own, counted from the request and numbered by the signatures made before it.
      return {
        from: sql`users u`,
        anchor: sql`case when u.consent_signed_at is null then u.activated_at else u.reconsent_requested_at end`,
        round: sql`(select count(*) from consent_signatures cs where cs.user_id = u.id)`,
        who: sql`u.role = 'patient' and u.activated_at is not null and not ${hasConsentSql('u')}
          and u.status in ('active', 'withdrawn')`,
      };
    case 'SURVEY':
      // Questionnaires wait while a participant is asked to sign an updated form, and so do their reminders.
      return {
        from: sql`survey_rounds r join users u on u.id = r.user_id`,
        anchor: sql`r.opens_at`,
        round: sql`r.number`,
        who: sql`u.status in ('active', 'withdrawn') and ${hasConsentSql('u')} and r.closes_at > ${now}::timestamptz
          and (select count(distinct s.form_key) from survey_responses s
               where s.round_id = r.id and s.submitted_at is not null) < ${roundForms}`,
      };
  }
}

/**
 * The reminders of a type whose day has come (in the study's time zone: the day's calendar date is on or after
 * the anchor's date plus the configured days), that were not dealt with before, for a day that was in the
 * schedule by then (a day added later never sends for dates already past). Oldest people first, each person's
 * days of one round together, earliest day first.
 */
export async function findDueReminders(
  db: Database,
  type: TReminderType,
  at: { now: Date; timeZone: string; roundForms: number; limit: number },
): Promise<DueReminder[]> {
  const now = at.now.toISOString();
  const { from, anchor, round, who } = source(type, now, at.roundForms);
  const dueDate = sql`((${anchor}) at time zone ${at.timeZone})::date + rd.days`;
  const result = await db.execute(sql`
    select u.id as "userId", u.email, u.first_name as "firstName", u.language, ${studyMailRecipientColumns('reminders')},
      ${round} as "roundNumber", ${type === 'SURVEY' ? isoText(sql`r.closes_at`) : sql`null`} as "closesAt", rd.days
    from ${from}
    join reminder_days rd on rd.type = ${type}
    where ${who}
      and ${dueDate} <= (${now}::timestamptz at time zone ${at.timeZone})::date
      and ${dueDate} >= (rd.created_at at time zone ${at.timeZone})::date
      and not exists (
        select 1 from reminder_dispatches d
        where d.user_id = u.id and d.type = ${type} and d.round_number = ${round} and d.days = rd.days
      )
    order by ${anchor}, u.id, "roundNumber", rd.days
    limit ${at.limit}`);
  return (result as unknown as { rows: DueReminder[] }).rows.map((row) => ({
    ...row,
    roundNumber: Number(row.roundNumber),
    days: Number(row.days),
  }));
}

/** Whether the reminder queued as this e-mail (or as the failed one it sends again) is still needed. */
export async function reminderStillNeeded(
  db: Database,
  type: TReminderType,
  emailId: string,
  at: { now: Date; roundForms: number },
): Promise<boolean> {
  const { from, round, who } = source(type, at.now.toISOString(), at.roundForms);
  const result = await db.execute(sql`
    select 1 from ${from}
    join reminder_dispatches d on d.user_id = u.id and d.round_number = ${round}
    where d.email_id = (select coalesce(m.retry_of, m.id) from email_messages m where m.id = ${emailId})
      and ${who}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Records what became of a due reminder. Answers false when it was recorded already (by another process): the
 * unique key on person, type, round and day is what makes a reminder go at most once.
 */
export async function recordDispatch(
  tx: Pick<Database, 'insert'>,
  row: { userId: string; type: TReminderType; roundNumber: number; days: number; now: Date } & (
    { emailId: string } | { skippedReason: string }
  ),
): Promise<boolean> {
  const inserted = await tx
    .insert(reminderDispatches)
    .values({
      userId: row.userId,
      type: row.type,
      roundNumber: row.roundNumber,
      days: row.days,
      emailId: 'emailId' in row ? row.emailId : null,
      skippedReason: 'skippedReason' in row ? row.skippedReason : null,
      createdAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ id: reminderDispatches.id });
  return inserted.length > 0;
}
