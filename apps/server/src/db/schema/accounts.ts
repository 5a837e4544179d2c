// Accounts: participants and staff, their sessions, one-use links, sign-in challenges, limits and pictures.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, oneDocumentPlace, updatedAt } from './columns';

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
    // Withdrawn participants per health system: the Withdrawals list of a staff member scoped to health systems.
    index('users_withdrawn_health_system_idx')
      .on(t.healthSystem, t.id)
      .where(sql`${t.status} = 'withdrawn'`),
    check('users_role_check', sql`${t.role} in ('patient', 'admin')`),
    // A staff member is 'pending' until they accept their invitation, and 'deactivated' when their access ends.
    check('users_status_check', sql`${t.status} in ('pending', 'active', 'withdrawn', 'deactivated')`),
    check('users_language_check', sql`${t.language} in ('en', 'sp')`),
  ],
);

/** The columns of an e-mailed one-use link of a user: only a SHA-256 of its token is kept. */
export const oneUseLinkColumns = () => ({
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
    /** The browser's user agent at sign-in (cut to 512 characters), to name the device in a sessions list. */
    userAgent: varchar('user_agent', { length: 512 }),
    /** The first part of the address it signed in from: IPv4 /24 or IPv6 /48, never the whole address. */
    ipPrefix: varchar('ip_prefix', { length: 64 }),
    /** When it last refreshed its tokens; its opening until then. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When a staff member last gave their second factor in it (sign-in or step-up). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
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
 * A login that passed the password and waits for its second step: a participant's e-mailed code (`code_hash`), a
 * staff member's own factor, or their enrolment of one. The browser holds the attempt's secret in an HttpOnly
 * cookie, so the step works only for the attempt it belongs to, and only once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    attemptHash: varchar('attempt_hash', { length: 64 }).notNull().unique(),
    /** `emailCode`, `staffFactor` or `enrolment`. */
    step: varchar('step', { length: 16 }).notNull().default('emailCode'),
    codeHash: varchar('code_hash', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.userId),
    check(
      'login_challenges_step_check',
      sql`${t.step} in ('emailCode', 'staffFactor', 'enrolment') and (${t.step} <> 'emailCode' or ${t.codeHash} is not null)`,
    ),
  ],
);

/** One-use password-reset links; only a SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable('password_reset_tokens', oneUseLinkColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId),
]);

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
