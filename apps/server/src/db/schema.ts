import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL `bytea`), as a Uint8Array on both drivers. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Participants and administrators. A withdrawal ends an account; the row is never deleted. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    birthDate: date('birth_date'),
    gender: varchar('gender', { length: 32 }),
    country: varchar('country', { length: 8 }),
    postalCode: varchar('postal_code', { length: 16 }),
    phoneNumber: varchar('phone_number', { length: 32 }),
    healthSystem: varchar('health_system', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Consecutive failed sign-ins (wrong password or wrong code); reset by a successful one. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last password change or reset; null until the first one (the registration password does not count). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** When the informed consent was signed; carried in the token as `isConsentSigned`. */
    consentSignedAt: timestamp('consent_signed_at', { withTimezone: true }),
    /** Study e-mails such as reminders; security mail always goes. */
    emailSubscription: boolean('email_subscription').notNull().default(true),
    /** The study newsletter. */
    newsletterSubscription: boolean('newsletter_subscription').notNull().default(true),
    /** When the participant finished or skipped the surveys' welcome tour; it is not shown again. */
    surveyTourSeenAt: timestamp('survey_tour_seen_at', { withTimezone: true }),
    /**
     * Set when a new version of the participant's form was published with re-consent: until they sign it,
     * consent counts as not signed (the token says so, surveys wait, consent reminders count from here).
     */
    reconsentRequestedAt: timestamp('reconsent_requested_at', { withTimezone: true }),
  },
  (t) => [
    // Only one live account per address; a withdrawn participant may register again.
    uniqueIndex('users_email_live_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'withdrawn'`),
    // Participants per health system (and language): the management overview's counts, re-consent requests.
    index('users_health_system_idx')
      .on(t.healthSystem, t.language)
      .where(sql`${t.status} <> 'withdrawn'`),
    check('users_role_check', sql`${t.role} in ('patient', 'admin')`),
    check('users_status_check', sql`${t.status} in ('pending', 'active', 'withdrawn')`),
    check('users_language_check', sql`${t.language} in ('en', 'sp')`),
  ],
);

/** Health systems a participant can choose; `databaseValue` is the value stored on users. */
export const healthSystems = pgTable(
  'health_systems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseValue: varchar('database_value', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull(),
    dropdownLabels: jsonb('dropdown_labels').$type<Record<string, string>>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    onboardedOn: timestamp('onboarded_on', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** Counts every change of the system, its forms and fields: an editor holding an older one is refused. */
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by'),
  },
  (t) => [uniqueIndex('health_systems_name_unique').on(sql`lower(${t.name})`)],
);

/** Option lists of the registration form other than health systems (gender, country, language). */
export const dropdownOptions = pgTable(
  'dropdown_options',
  {
    category: varchar('category', { length: 32 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    labelEn: varchar('label_en', { length: 200 }).notNull(),
    labelSp: varchar('label_sp', { length: 200 }).notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.value] })],
);

export const languages = pgTable('languages', {
  code: varchar('code', { length: 8 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const consentFieldTypes = pgTable('consent_field_types', {
  value: varchar('value', { length: 32 }).primaryKey(),
  label: varchar('label', { length: 64 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

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

/** Append-only trail of consent-relevant changes; a trigger refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    action: varchar('action', { length: 64 }).notNull(),
    subjectId: uuid('subject_id'),
    details: jsonb('details').notNull().default({}),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectId, t.at),
    // The audit trail viewer: newest first, narrowed by actor or action.
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    // The change history of each System Options setting, newest first.
    index('audit_log_setting_changes_idx')
      .on(sql`(${t.details} ->> 'setting')`, t.at)
      .where(sql`${t.action} = 'setting.changed'`),
  ],
);

/** The columns of an e-mailed one-use link of a user: only a SHA-256 of its token is kept. */
const oneUseLinkColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** One-use activation links; only a SHA-256 of the token is kept, so a database copy activates nothing. */
export const registrationTokens = pgTable('registration_tokens', oneUseLinkColumns(), (t) => [
  index('registration_tokens_user_idx').on(t.userId),
]);

/**
 * A participant's chosen health system (other than none) awaiting an administrator's decision:
 * `isVerified` is null until marked Verified (true) or Rejected (false). `lastChangeId` is the newest row of
 * `verification_changes` that set it, so an undo restores only records no later change has touched.
 */
export const healthSystemVerifications = pgTable(
  'health_system_verifications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    healthSystem: varchar('health_system', { length: 64 }).notNull(),
    isVerified: boolean('is_verified'),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by'),
    lastChangeId: bigint('last_change_id', { mode: 'number' }),
  },
  (t) => [
    // The Verification Records table: a health system's records sorted by Updated On or User ID, and all records
    // sorted by Updated On or Health System; the user ID breaks ties so pages never overlap.
    index('hsv_system_updated_idx').on(t.healthSystem, t.updatedAt, t.userId),
    index('hsv_system_user_idx').on(t.healthSystem, t.userId),
    index('hsv_updated_idx').on(t.updatedAt, t.userId),
    // A health system's pending participants, for its push API.
    index('hsv_pending_idx')
      .on(t.healthSystem, t.consentedAt, t.userId)
      .where(sql`${t.isVerified} is null`),
  ],
);

/**
 * How many verification records each health system has, kept by a trigger on `health_system_verifications`
 * so the Verification Records table counts a million rows without reading them.
 */
export const healthSystemVerificationCounts = pgTable('health_system_verification_counts', {
  healthSystem: varchar('health_system', { length: 64 }).primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * One change of verification statuses: a single edit, a bulk update, a health system's push, or the undo of a
 * bulk update or push. `status` is the status it set (null for an undo, which restores each earlier one);
 * `skipped` lists the IDs left out with their reason (not found, withdrawn). A batch can be undone within
 * 7 days, once.
 */
export const verificationBatches = pgTable(
  'verification_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: varchar('source', { length: 16 }).notNull(),
    status: boolean('status'),
    actorId: uuid('actor_id').references(() => users.id),
    apiKeyId: uuid('api_key_id').references(() => healthSystemApiKeys.id),
    requested: integer('requested').notNull(),
    applied: integer('applied').notNull(),
    skipped: jsonb('skipped').$type<{ userId: string; reason: string }[]>().notNull().default([]),
    undoesBatchId: uuid('undoes_batch_id'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id),
    undoBatchId: uuid('undo_batch_id'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_batches_created_idx').on(t.source, t.createdAt)],
);

/** The audit of every verification status change: which record, which batch, the status before and after. */
export const verificationChanges = pgTable(
  'verification_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => verificationBatches.id),
    // The record's key, not the participant's: the records are locked by the update already, so a batch of
    // 100,000 changes checks its references without locking 100,000 participants too.
    userId: uuid('user_id')
      .notNull()
      .references(() => healthSystemVerifications.userId),
    oldStatus: boolean('old_status'),
    newStatus: boolean('new_status'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('verification_changes_batch_idx').on(t.batchId), index('verification_changes_user_idx').on(t.userId)],
);

/**
 * A health system's key to its push API: only a SHA-256 of the key is kept (the key is shown once), with its
 * first characters so people can tell keys apart. A revoked key opens nothing.
 */
export const healthSystemApiKeys = pgTable(
  'health_system_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    healthSystem: varchar('health_system', { length: 64 })
      .notNull()
      .references(() => healthSystems.databaseValue),
    label: varchar('label', { length: 100 }).notNull(),
    keyPrefix: varchar('key_prefix', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
  },
  (t) => [index('health_system_api_keys_system_idx').on(t.healthSystem)],
);

/**
 * The e-mail delivery ledger: every message the portal sends, written in the transaction of the change that
 * caused it and delivered from here by the scheduler, with retries. `payload` (what the message says, which may
 * carry a live link or code) is kept only until the message is sent or suppressed; a finally failed message keeps
 * it for 7 days (never a security message, nor one whose address was refused), so an administrator can send it
 * again once, then loses it.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    template: varchar('template', { length: 64 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    transport: varchar('transport', { length: 16 }).notNull(),
    /** queued, sending (claimed by one process until lease_until), sent, failed or suppressed. */
    status: varchar('status', { length: 16 }).notNull(),
    /** 0: sign-in code or password reset, sent even during downtime; 1: other account and consent mail; 2: bulk. */
    priority: smallint('priority').notNull().default(1),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The last reply of the SMTP server (or the connection error), and its reply code when there was one. */
    error: text('error'),
    smtpReply: text('smtp_reply'),
    smtpCode: integer('smtp_code'),
    /** The mail server refused the recipient for good (a 5xx reply to RCPT TO): later reminders skip the address. */
    recipientRefused: boolean('recipient_refused').notNull().default(false),
    /** Why a suppressed message was not sent: withdrawn, emailsOff or alreadyDone. */
    suppressedReason: varchar('suppressed_reason', { length: 32 }),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A failed message sent again by an administrator: the new message names the one it repeats. */
    retryOf: uuid('retry_of').references((): AnyPgColumn => emailMessages.id),
  },
  (t) => [
    index('email_messages_template_idx').on(t.template, t.createdAt),
    // Email Analytics: the messages of a date range, and the latest failures.
    index('email_messages_created_idx').on(t.createdAt),
    index('email_messages_failed_idx')
      .on(t.lastAttemptAt)
      .where(sql`${t.status} = 'failed'`),
    uniqueIndex('email_messages_retry_once').on(t.retryOf),
    index('email_messages_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
    index('email_messages_due_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    check('email_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'suppressed')`),
    check('email_messages_transport_check', sql`${t.transport} in ('smtp', 'outbox')`),
    check('email_messages_priority_check', sql`${t.priority} between 0 and 2`),
    // A failed message keeps its content for a while, so an administrator can send it again; see the mailer.
    check('email_messages_payload_check', sql`${t.payload} is null or ${t.status} in ('queued', 'sending', 'failed')`),
  ],
);

/**
 * Every reminder that fell due: sent (its e-mail) or not, and why not. One row per person, reminder type, survey
 * round (0 outside surveys) and configured day, so a reminder can never go twice.
 */
export const reminderDispatches = pgTable(
  'reminder_dispatches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: varchar('type', { length: 32 }).notNull(),
    roundNumber: integer('round_number').notNull().default(0),
    days: integer('days').notNull(),
    emailId: uuid('email_id').references(() => emailMessages.id),
    /** withdrawn, emailsOff, addressRefused or superseded (a later day fell due at the same time). */
    skippedReason: varchar('skipped_reason', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminder_dispatches_once').on(t.userId, t.type, t.roundNumber, t.days),
    check('reminder_dispatches_type_check', sql`${t.type} in ('ACCOUNT_ACTIVATION', 'ICF', 'SURVEY')`),
    check('reminder_dispatches_outcome_check', sql`(${t.emailId} is null) <> (${t.skippedReason} is null)`),
  ],
);

/** Fixed-window counters for per-account and per-address limits shared by every server process. */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: varchar('key', { length: 160 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Captcha challenges already redeemed, so one solved challenge registers one account. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  challengeId: varchar('challenge_id', { length: 128 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A signed-in session: one login, and the family of refresh tokens rotated from it. Revoking it ends every
 * token of the family; access tokens carry its id (`sid`) and are refused once it is revoked.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** The absolute end of the session, however active it stays. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 32 }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, kept only as SHA-256; each is used once and replaced by the next of its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * A login that passed the password and waits for its e-mailed code. The browser holds the attempt's
 * secret in an HttpOnly cookie, so a code works only for the attempt it was sent for, and only once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    attemptHash: varchar('attempt_hash', { length: 64 }).notNull().unique(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** One-use password-reset links; only a SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable('password_reset_tokens', oneUseLinkColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId),
]);

/** Where a document's bytes are: in the row (`content`) or in the object store under `object_key`, never both. */
const oneDocumentPlace = (content: AnyPgColumn, objectKey: AnyPgColumn) =>
  sql`(${content} is null) <> (${objectKey} is null)`;

/**
 * Stored documents (consent forms and signed copies). The row is written in the transaction of the record that
 * points at it; its bytes are in the row or, with an object store, in the bucket (written before the row
 * commits). A row never changes except to move its bytes between the two places, and is never deleted.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content'),
    objectKey: varchar('object_key', { length: 200 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_one_place_check', oneDocumentPlace(t.content, t.objectKey))],
);

/**
 * An informed consent form through all its versions: the default one (no health system) or a health system's
 * own, in one language. Its id is the form's id for administrators: it never changes, whatever is published.
 */
export const consentFormDocuments = pgTable(
  'consent_form_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    healthSystemId: uuid('health_system_id').references(() => healthSystems.id),
    language: varchar('language', { length: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('consent_form_documents_owner_unique').on(
      sql`coalesce(${t.healthSystemId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.language,
    ),
    check('consent_form_documents_language_check', sql`${t.language} in ('en', 'sp')`),
  ],
);

/**
 * A version of an informed consent form: the default one (no health system) or a health system's own, per
 * language. Publishing a new version retires the current one; signatures keep pointing at theirs.
 */
export const consentForms = pgTable(
  'consent_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The form this is a version of. */
    documentId: uuid('document_id')
      .notNull()
      .references(() => consentFormDocuments.id),
    healthSystemId: uuid('health_system_id').references(() => healthSystems.id),
    language: varchar('language', { length: 2 }).notNull(),
    version: integer('version').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    // One current version per health system (or the default) and language; versions count up per pair.
    uniqueIndex('consent_forms_current_unique')
      .on(sql`coalesce(${t.healthSystemId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.language)
      .where(sql`${t.retiredAt} is null`),
    uniqueIndex('consent_forms_version_unique').on(
      sql`coalesce(${t.healthSystemId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.language,
      t.version,
    ),
    check('consent_forms_language_check', sql`${t.language} in ('en', 'sp')`),
  ],
);

/** The input fields of a consent form version, placed in PDF points from the page's top-left corner. */
export const consentInputFields = pgTable(
  'consent_input_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => consentForms.id),
    /** The field's id for administrators: the same in every version of its form that has it. */
    fieldId: uuid('field_id').notNull().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    type: varchar('type', { length: 32 })
      .notNull()
      .references(() => consentFieldTypes.value),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    isRequired: boolean('is_required').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    index('consent_input_fields_form_idx').on(t.formId, t.sortOrder),
    uniqueIndex('consent_input_fields_field_unique').on(t.fieldId, t.formId),
    check('consent_input_fields_place_check', sql`${t.page} >= 1 and ${t.x} >= 0 and ${t.y} >= 0`),
    check('consent_input_fields_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

/**
 * A participant's signature: the exact form version and hash it was made on, the signed PDF and its hash,
 * and the evidence of the ceremony. One per account and form version (a re-consent adds one); never updated.
 */
export const consentSignatures = pgTable(
  'consent_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => consentForms.id),
    formSha256: varchar('form_sha256', { length: 64 }).notNull(),
    signedFileId: uuid('signed_file_id')
      .notNull()
      .references(() => storedFiles.id),
    signedSha256: varchar('signed_sha256', { length: 64 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    signerName: varchar('signer_name', { length: 200 }).notNull(),
    signerEmail: varchar('signer_email', { length: 320 }).notNull(),
    signatureMethod: varchar('signature_method', { length: 16 }).notNull(),
    /** The fields as they were defined and answered, so a later edit of the form's fields changes nothing here. */
    fieldValues: jsonb('field_values').notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  (t) => [
    // A participant signs each version at most once; re-consent adds a signature, never replaces one.
    uniqueIndex('consent_signatures_user_form_unique').on(t.userId, t.formId),
    index('consent_signatures_user_idx').on(t.userId, t.signedAt),
  ],
);

/**
 * A change of a health system's consent form in one language, as published: the new current version (null: the
 * study's default form), the one it replaced, what changed, and whether signers were asked to re-consent.
 */
export const consentPublications = pgTable(
  'consent_publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    healthSystemId: uuid('health_system_id')
      .notNull()
      .references(() => healthSystems.id),
    language: varchar('language', { length: 2 }).notNull(),
    formId: uuid('form_id').references(() => consentForms.id),
    previousFormId: uuid('previous_form_id').references(() => consentForms.id),
    changes: jsonb('changes').notNull(),
    reconsent: boolean('reconsent').notNull(),
    participantsAsked: integer('participants_asked').notNull(),
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_publications_system_idx').on(t.healthSystemId, t.publishedAt)],
);

/** A withdrawal from the study: a new record, never a deletion; the account it ends stays as it was. */
export const consentWithdrawals = pgTable(
  'consent_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    /** `participant` from the portal; `manual` for a request an administrator queued. */
    source: varchar('source', { length: 16 }).notNull(),
    requestedBy: uuid('requested_by'),
  },
  (t) => [
    index('consent_withdrawals_date_idx').on(t.withdrawnAt),
    check('consent_withdrawals_source_check', sql`${t.source} in ('participant', 'manual')`),
  ],
);

/**
 * A withdrawal an administrator recorded for a participant who asked by phone or letter. It stays pending until
 * `dueAt` (the hold), when the scheduler carries it out as the participant's own withdrawal; until then it can be
 * deleted. Rows are never removed: a deleted or carried-out request keeps who did it and when.
 */
export const manualWithdrawalRequests = pgTable(
  'manual_withdrawal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending, carriedOut, deleted, or skipped (the participant had already left when it fell due). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The administrator who deleted it; null otherwise. */
    deletedBy: uuid('deleted_by').references(() => users.id),
  },
  (t) => [
    // One pending request per address.
    uniqueIndex('manual_withdrawal_requests_pending_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('manual_withdrawal_requests_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'manual_withdrawal_requests_status_check',
      sql`${t.status} in ('pending', 'carriedOut', 'deleted', 'skipped')`,
    ),
    check('manual_withdrawal_requests_closed_check', sql`(${t.status} = 'pending') = (${t.closedAt} is null)`),
  ],
);

/** An e-mailed code asked before signing (policy `otpRequiredBeforeICFSign`); only its SHA-256 is kept. */
export const signingCodes = pgTable(
  'signing_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('signing_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A participant's profile picture, already re-encoded to WebP without metadata. One per user: a new upload
 * replaces it and removal deletes it, so no copy of an old picture lingers.
 */
export const profilePictures = pgTable(
  'profile_pictures',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    /** The picture's bytes, or null when they are in the object store under `object_key`. */
    content: bytea('content'),
    objectKey: varchar('object_key', { length: 200 }).unique(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('profile_pictures_one_place_check', oneDocumentPlace(t.content, t.objectKey))],
);

/**
 * A questionnaire definition (a SurveyJS JSON form) and its version. The study's instruments are published by
 * the server at start from the files in modules/surveys/instruments; one-time survey forms come from
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
    /** Why no invitation was sent on the send date: withdrawn, emailsOff or addressRefused. */
    failureReason: varchar('failure_reason', { length: 32 }),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.userId] }),
    index('one_time_survey_users_user_idx').on(t.userId),
    check(
      'one_time_survey_users_failure_check',
      sql`${t.failureReason} is null or ${t.failureReason} in ('withdrawn', 'emailsOff', 'addressRefused')`,
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
