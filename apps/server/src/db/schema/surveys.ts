// Surveys: forms, rounds, one-time surveys and responses.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { emailMessages } from './mail';

/**
 * A questionnaire definition (a SurveyJS JSON form) and its version. The study's instruments are published by
 * the server at start from the files in modules/surveys/rounds/instruments; one-time survey forms come from
 * administrators. A version is never edited: a change is a new version, and answers point at the one they were
 * given on.
 */
export const surveyForms = pgTable(
  'survey_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: varchar('key', { length: 64 }).notNull(),
    version: integer('version').notNull(),
    /** `round` for the study's instruments, `one-time` for a one-time survey's form. */
    kind: varchar('kind', { length: 16 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull(),
    titleSp: varchar('title_sp', { length: 200 }).notNull(),
    /** Order of the instruments within a round. */
    sortOrder: integer('sort_order').notNull().default(0),
    definition: jsonb('definition').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('survey_forms_key_version_unique').on(t.key, t.version),
    check('survey_forms_kind_check', sql`${t.kind} in ('round', 'one-time')`),
    check('survey_forms_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * A participant's survey round: the first opens when consent is signed, the
 * next ones every configured number of months; each stays open for the survey period in force when it opened.
 */
export const surveyRounds = pgTable(
  'survey_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    number: integer('number').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('survey_rounds_user_number_unique').on(t.userId, t.number),
    index('survey_rounds_window_idx').on(t.opensAt, t.closesAt),
    check('survey_rounds_number_check', sql`${t.number} >= 1`),
    check('survey_rounds_window_check', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/** A one-time survey: one form, a send date and a window. */
export const oneTimeSurveys = pgTable(
  'one_time_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => surveyForms.id),
    sendDate: timestamp('send_date', { withTimezone: true }).notNull(),
    effectiveStartDate: timestamp('effective_start_date', { withTimezone: true }).notNull(),
    effectiveEndDate: timestamp('effective_end_date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** When the scheduler wrote the invitations (on the send date); null before. The form is fixed from then. */
    invitationsSentAt: timestamp('invitations_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_surveys_start_idx').on(t.effectiveStartDate),
    index('one_time_surveys_unsent_idx')
      .on(t.sendDate)
      .where(sql`${t.invitationsSentAt} is null`),
    check('one_time_surveys_window_check', sql`${t.effectiveEndDate} > ${t.effectiveStartDate}`),
  ],
);

/** The participants a one-time survey is assigned to. */
export const oneTimeSurveyUsers = pgTable(
  'one_time_survey_users',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => oneTimeSurveys.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** When the invitation went out; null until the send date. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The invitation's delivery record; a refused or finally failed one makes the row a failure. */
    emailId: uuid('email_id').references(() => emailMessages.id),
    /** Why no invitation was sent on the send date: withdrawn, emailsOff, unsubscribed, addressRefused or addressSuppressed. */
    failureReason: varchar('failure_reason', { length: 32 }),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.userId] }),
    index('one_time_survey_users_user_idx').on(t.userId),
    check(
      'one_time_survey_users_failure_check',
      sql`${t.failureReason} is null or ${t.failureReason} in ('withdrawn', 'emailsOff', 'unsubscribed', 'addressRefused', 'addressSuppressed')`,
    ),
  ],
);

/**
 * A participant's answers to one form in one round or one-time survey: saved as they go, then submitted once.
 * Never deleted; after submission never changed.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => surveyForms.id),
    /** The instrument's key, so a round holds one response per instrument whatever its version. */
    formKey: varchar('form_key', { length: 64 }).notNull(),
    roundId: uuid('round_id').references(() => surveyRounds.id),
    oneTimeSurveyId: uuid('one_time_survey_id').references(() => oneTimeSurveys.id),
    answers: jsonb('answers').notNull().default({}),
    /** The page the participant was on, so Continue opens it again. */
    pageNo: integer('page_no').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('survey_responses_round_form_unique')
      .on(t.roundId, t.formKey)
      .where(sql`${t.roundId} is not null`),
    uniqueIndex('survey_responses_one_time_user_unique')
      .on(t.oneTimeSurveyId, t.userId)
      .where(sql`${t.oneTimeSurveyId} is not null`),
    index('survey_responses_user_idx').on(t.userId),
    check('survey_responses_owner_check', sql`(${t.roundId} is null) <> (${t.oneTimeSurveyId} is null)`),
    check('survey_responses_page_check', sql`${t.pageNo} >= 0`),
  ],
);
