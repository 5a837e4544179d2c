// Staff members' second factors: authenticator apps and passkeys, recovery codes, and WebAuthn challenges.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { authSessions, users } from './accounts';
import { createdAt } from './columns';

/**
 * A second factor of a staff member. An app (`kind = 'app'`) keeps its RFC 6238 secret sealed with AES-256-GCM
 * and the last time step it accepted, so each code works once; it counts only once confirmed with a first code.
 * A passkey keeps its WebAuthn credential: id, public key (COSE) and signature counter.
 */
export const staffFactors = pgTable(
  'staff_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** When the first code proved an app was set up; null while it waits (such a row signs nobody in). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    appSecret: text('app_secret'),
    lastStep: bigint('last_step', { mode: 'number' }),
    credentialId: varchar('credential_id', { length: 1024 }).unique(),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports').array(),
  },
  (t) => [
    index('staff_factors_user_idx').on(t.userId),
    check('staff_factors_kind_check', sql`${t.kind} in ('app', 'passkey')`),
    check(
      'staff_factors_kind_fields',
      sql`(${t.kind} = 'app' and ${t.appSecret} is not null) or (${t.kind} = 'passkey' and ${t.credentialId} is not null and ${t.publicKey} is not null and ${t.signCount} is not null)`,
    ),
  ],
);

/** One-use recovery codes, kept only as SHA-256; making new ones voids the old. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge handed to a browser, used at most once before it expires. What it is for binds it: a
 * passkey sign-in (no user yet), a sign-in or enrolment attempt (its user), or a signed-in session's passkey
 * registration or step-up (its session).
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: varchar('challenge', { length: 128 }).primaryKey(),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  userId: uuid('user_id').references(() => users.id),
  sessionId: uuid('session_id').references(() => authSessions.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
