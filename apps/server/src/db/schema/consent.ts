// Informed consent: form versions and their fields, signatures, publications, withdrawals and signing codes.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { storedFiles } from './files';
import { consentFieldTypes, healthSystems } from './reference';

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
