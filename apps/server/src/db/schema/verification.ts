// Health system verification: records, counts, batches, status changes and push API keys.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { healthSystems } from './reference';

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
 * 7 days, once. `healthSystems` are those of the participants it names (the records it set, and those it left
 * out for a reason that names a record): a scoped staff member sees the batch only when every one is theirs.
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
    healthSystems: varchar('health_systems', { length: 64 }).array().notNull().default([]),
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
