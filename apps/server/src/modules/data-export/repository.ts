import { and, asc, between, count, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDateRange } from '@portal/shared/api/date-range';
import type { Database } from '../../db/client';
import { withinStudyDays } from '../../db/study-days';
import { windowBatches } from '../../lib/csv-stream';
import {
  consentForms,
  consentSignatures,
  consentWithdrawals,
  healthSystems,
  healthSystemVerifications,
  storedFiles,
  surveyForms,
  surveyResponses,
  surveyRounds,
  users,
  verificationBatches,
  verificationChanges,
} from '../../db/schema';

type Reader = Pick<Database, 'select'>;

/** The days of a range in the study's time zone, both included; no condition without a range. */
export interface DayWindow {
  range?: TDateRange;
  timeZone: string;
}

function withinDays(column: AnyPgColumn, { range, timeZone }: DayWindow): SQL | undefined {
  return range ? withinStudyDays(column, range, timeZone) : undefined;
}

/** Every questionnaire version with its submitted responses counted: instruments in round order, then the rest. */
export function listFormsWithCounts(db: Reader) {
  const submitted = db
    .select({ formId: surveyResponses.formId, total: count().as('total') })
    .from(surveyResponses)
    .where(isNotNull(surveyResponses.submittedAt))
    .groupBy(surveyResponses.formId)
    .as('submitted');
  return db
    .select({
      formKey: surveyForms.key,
      version: surveyForms.version,
      kind: surveyForms.kind,
      titleEn: surveyForms.titleEn,
      titleSp: surveyForms.titleSp,
      submitted: sql<number>`coalesce(${submitted.total}, 0)`.mapWith(Number),
    })
    .from(surveyForms)
    .leftJoin(submitted, eq(submitted.formId, surveyForms.id))
    .orderBy(
      sql`${surveyForms.kind} = 'one-time'`,
      asc(surveyForms.sortOrder),
      asc(surveyForms.key),
      asc(surveyForms.version),
    );
}

export async function findForm(db: Reader, formKey: string, version: number) {
  const [row] = await db
    .select({
      id: surveyForms.id,
      definition: surveyForms.definition,
      kind: surveyForms.kind,
      titleEn: surveyForms.titleEn,
      titleSp: surveyForms.titleSp,
      sortOrder: surveyForms.sortOrder,
    })
    .from(surveyForms)
    .where(and(eq(surveyForms.key, formKey), eq(surveyForms.version, version)))
    .limit(1);
  return row;
}

/** A window of a table in key order: from its first key to its last, both included. */
export interface KeyWindow<Key> {
  first: Key;
  last: Key;
}

/** The next `limit` values of a key column after `after`, in order: read from its index alone, whatever the filter. */
async function keysAfter(db: Reader, table: PgTable, column: AnyPgColumn, after: string | undefined, limit: number) {
  const rows = await db
    .select({ key: column })
    .from(table)
    .where(after === undefined ? undefined : gt(column, after))
    .orderBy(asc(column))
    .limit(limit);
  return rows.map((row) => row.key as string);
}

const responseIdsAfter = (db: Reader, after: string | undefined, limit: number) =>
  keysAfter(db, surveyResponses, surveyResponses.id, after, limit);

/** The submitted responses of a form within a window of response ids, in id order. */
function submittedResponsesWithin(db: Reader, filter: DayWindow & { formId: string }, ids: KeyWindow<string>) {
  return db
    .select({
      id: surveyResponses.id,
      userId: surveyResponses.userId,
      roundNumber: surveyRounds.number,
      oneTimeSurveyId: surveyResponses.oneTimeSurveyId,
      startedAt: surveyResponses.startedAt,
      submittedAt: surveyResponses.submittedAt,
      answers: surveyResponses.answers,
    })
    .from(surveyResponses)
    .leftJoin(surveyRounds, eq(surveyRounds.id, surveyResponses.roundId))
    .where(
      and(
        between(surveyResponses.id, ids.first, ids.last),
        eq(surveyResponses.formId, filter.formId),
        isNotNull(surveyResponses.submittedAt),
        withinDays(surveyResponses.submittedAt, filter),
      ),
    )
    .orderBy(asc(surveyResponses.id));
}

/** A signature's key: the participant and the form version, unique together. */
export interface SignatureKey {
  userId: string;
  formId: string;
}

const signatureKey = sql`(${consentSignatures.userId}, ${consentSignatures.formId})`;
const keyValue = (key: SignatureKey) => sql`(${key.userId}::uuid, ${key.formId}::uuid)`;

/** The next `limit` signature keys after `after`, one participant's together. */
function signatureKeysAfter(db: Reader, after: SignatureKey | undefined, limit: number) {
  return db
    .select({ userId: consentSignatures.userId, formId: consentSignatures.formId })
    .from(consentSignatures)
    .where(after && sql`${signatureKey} > ${keyValue(after)}`)
    .orderBy(asc(consentSignatures.userId), asc(consentSignatures.formId))
    .limit(limit);
}

/**
 * The signatures within a window of keys: the form version signed (its health system's value, or null for the
 * study's default form), whether an earlier signature of the same participant exists, the signed copy's SHA-256
 * and size, and when the participant withdrew, if they did.
 */
function signaturesWithin(db: Reader, window: DayWindow, keys: KeyWindow<SignatureKey>) {
  return db
    .select({
      userId: consentSignatures.userId,
      signedAt: consentSignatures.signedAt,
      healthSystem: healthSystems.databaseValue,
      language: consentForms.language,
      version: consentForms.version,
      id: consentSignatures.id,
      signedSha256: consentSignatures.signedSha256,
      signedBytes: storedFiles.byteSize,
      withdrawnAt: consentWithdrawals.withdrawnAt,
      reconsent: sql<boolean>`exists (
        select 1 from ${consentSignatures} as earlier
        where earlier.user_id = ${consentSignatures.userId}
          and (earlier.signed_at, earlier.id) < (${consentSignatures.signedAt}, ${consentSignatures.id}))`,
    })
    .from(consentSignatures)
    .innerJoin(consentForms, eq(consentForms.id, consentSignatures.formId))
    .innerJoin(storedFiles, eq(storedFiles.id, consentSignatures.signedFileId))
    .leftJoin(healthSystems, eq(healthSystems.id, consentForms.healthSystemId))
    .leftJoin(consentWithdrawals, eq(consentWithdrawals.userId, consentSignatures.userId))
    .where(
      and(
        sql`${signatureKey} between ${keyValue(keys.first)} and ${keyValue(keys.last)}`,
        withinDays(consentSignatures.signedAt, window),
      ),
    )
    .orderBy(asc(consentSignatures.userId), asc(consentSignatures.formId));
}

const withdrawalKeysAfter = (db: Reader, after: string | undefined, limit: number) =>
  keysAfter(db, consentWithdrawals, consentWithdrawals.userId, after, limit);

/** The withdrawals within a window of participant ids (one withdrawal per participant). */
function withdrawalsWithin(db: Reader, window: DayWindow, ids: KeyWindow<string>) {
  return db
    .select({
      userId: consentWithdrawals.userId,
      withdrawnAt: consentWithdrawals.withdrawnAt,
      source: consentWithdrawals.source,
      requestedBy: consentWithdrawals.requestedBy,
    })
    .from(consentWithdrawals)
    .where(
      and(between(consentWithdrawals.userId, ids.first, ids.last), withinDays(consentWithdrawals.withdrawnAt, window)),
    )
    .orderBy(asc(consentWithdrawals.userId));
}

const verificationKeysAfter = (db: Reader, after: string | undefined, limit: number) =>
  keysAfter(db, healthSystemVerifications, healthSystemVerifications.userId, after, limit);

/** The verification records within a window of participant ids, with how their last change was made. */
function verificationsWithin(db: Reader, window: DayWindow, ids: KeyWindow<string>) {
  return db
    .select({
      userId: healthSystemVerifications.userId,
      healthSystem: healthSystemVerifications.healthSystem,
      isVerified: healthSystemVerifications.isVerified,
      consentedAt: healthSystemVerifications.consentedAt,
      updatedAt: healthSystemVerifications.updatedAt,
      lastChange: verificationBatches.source,
    })
    .from(healthSystemVerifications)
    .leftJoin(verificationChanges, eq(verificationChanges.id, healthSystemVerifications.lastChangeId))
    .leftJoin(verificationBatches, eq(verificationBatches.id, verificationChanges.batchId))
    .where(
      and(
        between(healthSystemVerifications.userId, ids.first, ids.last),
        withinDays(healthSystemVerifications.updatedAt, window),
      ),
    )
    .orderBy(asc(healthSystemVerifications.userId));
}

const participantIdsAfter = (db: Reader, after: string | undefined, limit: number) =>
  keysAfter(db, users, users.id, after, limit);

/**
 * The participants within a window of user ids: account status, health system, language, when they registered,
 * first signed and withdrew, and what they gave at registration about themselves (never name, e-mail or phone).
 */
function participantsWithin(db: Reader, ids: KeyWindow<string>) {
  return db
    .select({
      userId: users.id,
      status: users.status,
      healthSystem: users.healthSystem,
      language: users.language,
      registeredAt: users.createdAt,
      consentedAt: sql<Date | null>`(select min(${consentSignatures.signedAt}) from ${consentSignatures}
        where ${consentSignatures.userId} = ${users.id})`.mapWith(consentSignatures.signedAt),
      withdrawnAt: consentWithdrawals.withdrawnAt,
      birthDate: users.birthDate,
      postalCode: users.postalCode,
      gender: users.gender,
      country: users.country,
    })
    .from(users)
    .leftJoin(consentWithdrawals, eq(consentWithdrawals.userId, users.id))
    .where(and(between(users.id, ids.first, ids.last), eq(users.role, 'patient')))
    .orderBy(asc(users.id));
}

/**
 * Each register's rows in batches of at most `size`, read a window of keys at a time (`windowBatches`): what the
 * Data Export tab's downloads and an export run both read, so neither holds a whole table.
 */
export const submittedResponsesInBatches = (db: Reader, filter: DayWindow & { formId: string }, size: number) =>
  windowBatches(
    (after: string | undefined) => responseIdsAfter(db, after, size),
    (ids) => submittedResponsesWithin(db, filter, ids),
    size,
  );

export const signaturesInBatches = (db: Reader, window: DayWindow, size: number) =>
  windowBatches(
    (after: SignatureKey | undefined) => signatureKeysAfter(db, after, size),
    (keys) => signaturesWithin(db, window, keys),
    size,
  );

export const withdrawalsInBatches = (db: Reader, window: DayWindow, size: number) =>
  windowBatches(
    (after: string | undefined) => withdrawalKeysAfter(db, after, size),
    (ids) => withdrawalsWithin(db, window, ids),
    size,
  );

export const verificationsInBatches = (db: Reader, window: DayWindow, size: number) =>
  windowBatches(
    (after: string | undefined) => verificationKeysAfter(db, after, size),
    (ids) => verificationsWithin(db, window, ids),
    size,
  );

export const participantsInBatches = (db: Reader, size: number) =>
  windowBatches(
    (after: string | undefined) => participantIdsAfter(db, after, size),
    (ids) => participantsWithin(db, ids),
    size,
  );

/** The survey rounds a form version was answered in, by number. */
export async function roundsAnswered(db: Pick<Database, 'selectDistinct'>, formId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ number: surveyRounds.number })
    .from(surveyResponses)
    .innerJoin(surveyRounds, eq(surveyRounds.id, surveyResponses.roundId))
    .where(eq(surveyResponses.formId, formId))
    .orderBy(asc(surveyRounds.number));
  return rows.map((row) => row.number);
}
