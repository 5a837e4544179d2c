// System Options settings: security policy, downtime banner, reminder days and named settings.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** The security policy: exactly one row (id 1), edited by administrators. */
export const securityPolicy = pgTable(
  'security_policy',
  {
    id: integer('id').primaryKey().default(1),
    otpLength: integer('otp_length').notNull(),
    otpExpiryInMin: integer('otp_expiry_in_min').notNull(),
    otpEnabledForPatient: boolean('otp_enabled_for_patient').notNull(),
    otpRequiredBeforeIcfSign: boolean('otp_required_before_icf_sign').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    upperCaseCharCount: integer('upper_case_char_count').notNull(),
    lowerCaseCharCount: integer('lower_case_char_count').notNull(),
    digitCharCount: integer('digit_char_count').notNull(),
    specialCharCount: integer('special_char_count').notNull(),
    resetPasswordAgainLimitInHrs: integer('reset_password_again_limit_in_hrs').notNull(),
    registrationTokenExpiryInDays: integer('registration_token_expiry_in_days').notNull(),
    failedAttemptLimit: integer('failed_attempt_limit').notNull(),
    unlockAccountTimeInMin: integer('unlock_account_time_in_min').notNull(),
    inactiveSessionTimeoutInMin: integer('inactive_session_timeout_in_min').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('security_policy_single_row', sql`${t.id} = 1`)],
);

/** The downtime banner: exactly one row (id 1). */
export const downtimeSettings = pgTable(
  'downtime_settings',
  {
    id: integer('id').primaryKey().default(1),
    enableDowntime: boolean('enable_downtime').notNull().default(false),
    messageEn: varchar('message_en', { length: 255 }).notNull().default(''),
    messageSp: varchar('message_sp', { length: 255 }).notNull().default(''),
    effectiveStartDate: timestamp('effective_start_date', { withTimezone: true }),
    effectiveEndDate: timestamp('effective_end_date', { withTimezone: true }),
    reminderDaysInAdvance: integer('reminder_days_in_advance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('downtime_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The reminder schedules: each row is a number of days after its event (registration for ACCOUNT_ACTIVATION,
 * activation for ICF, a round opening for SURVEY) on which a reminder goes out.
 */
export const reminderDays = pgTable(
  'reminder_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: varchar('type', { length: 32 }).notNull(),
    days: integer('days').notNull(),
    /** Since when the day is in the schedule (a changed day counts from its change). */
    createdAt: createdAt(),
  },
  (t) => [
    unique('reminder_days_type_days_unique').on(t.type, t.days),
    check('reminder_days_type_check', sql`${t.type} in ('ACCOUNT_ACTIVATION', 'ICF', 'SURVEY')`),
    check('reminder_days_days_check', sql`${t.days} between 1 and 365`),
  ],
);

/** Named settings whose shape is validated by zod in the service that owns them. */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
