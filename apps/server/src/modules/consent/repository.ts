import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '@portal/shared/constants';
import type { Database } from '../../db/client';
import { oneUseCodes } from '../../db/one-use-codes';
import {
  consentForms,
  consentSignatures,
  consentWithdrawals,
  healthSystems,
  signingCodes,
  users,
} from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** What the ceremony, the signed copy and a withdrawal need to know of a participant. */
const participantColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  role: users.role,
  status: users.status,
  healthSystem: users.healthSystem,
  consentSignedAt: users.consentSignedAt,
  reconsentRequestedAt: users.reconsentRequestedAt,
};

export async function findParticipant(db: Executor, userId: string) {
  const [row] = await db.select(participantColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The participant's row, locked until the transaction ends: one signing or withdrawal at a time. */
export async function lockParticipant(tx: Executor, userId: string) {
  const [row] = await tx.select(participantColumns).from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}
export type Participant = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;

const formColumns = {
  id: consentForms.id,
  healthSystemId: consentForms.healthSystemId,
  language: consentForms.language,
  version: consentForms.version,
  fileName: consentForms.fileName,
  fileId: consentForms.fileId,
  sha256: consentForms.sha256,
  retiredAt: consentForms.retiredAt,
};

/**
 * The form a participant signs: the current version of their health system's own form in their language,
 * else the current default form in that language.
 */
export async function findCurrentFormFor(db: Executor, language: Language, healthSystem: string | null) {
  const ownSystem = healthSystem
    ? db.select({ id: healthSystems.id }).from(healthSystems).where(eq(healthSystems.databaseValue, healthSystem))
    : undefined;
  const [row] = await db
    .select(formColumns)
    .from(consentForms)
    .where(
      and(
        eq(consentForms.language, language),
        isNull(consentForms.retiredAt),
        ownSystem
          ? or(isNull(consentForms.healthSystemId), sql`${consentForms.healthSystemId} in ${ownSystem}`)
          : isNull(consentForms.healthSystemId),
      ),
    )
    .orderBy(sql`${consentForms.healthSystemId} is null`)
    .limit(1);
  return row;
}

export async function findForm(db: Executor, formId: string) {
  const [row] = await db.select(formColumns).from(consentForms).where(eq(consentForms.id, formId)).limit(1);
  return row;
}
export type ConsentFormRow = NonNullable<Awaited<ReturnType<typeof findForm>>>;

/** Every form version and signed copy with its file and the SHA-256 recorded when it was made. */
export async function findStoredConsentFiles(db: Executor) {
  const forms = await db
    .select({ id: consentForms.id, fileId: consentForms.fileId, sha256: consentForms.sha256 })
    .from(consentForms);
  const signatures = await db
    .select({
      id: consentSignatures.id,
      fileId: consentSignatures.signedFileId,
      sha256: consentSignatures.signedSha256,
    })
    .from(consentSignatures);
  return { forms, signatures };
}

const signatureColumns = {
  id: consentSignatures.id,
  formId: consentSignatures.formId,
  signedAt: consentSignatures.signedAt,
  signerName: consentSignatures.signerName,
  signedFileId: consentSignatures.signedFileId,
  signedSha256: consentSignatures.signedSha256,
};

/** The participant's latest signature, or the one `signatureId` names: only their own is found. */
export async function findSignature(db: Executor, userId: string, signatureId?: string) {
  const [row] = await db
    .select(signatureColumns)
    .from(consentSignatures)
    .where(and(eq(consentSignatures.userId, userId), signatureId ? eq(consentSignatures.id, signatureId) : undefined))
    .orderBy(desc(consentSignatures.signedAt))
    .limit(1);
  return row;
}

/** Whether the participant signed this form version already: a version is signed once. */
export async function hasSignedForm(db: Executor, userId: string, formId: string) {
  const [row] = await db
    .select({ id: consentSignatures.id })
    .from(consentSignatures)
    .where(and(eq(consentSignatures.userId, userId), eq(consentSignatures.formId, formId)))
    .limit(1);
  return Boolean(row);
}

/** Every signature of the participant with the form version signed, newest first. */
export function findSignedVersions(db: Executor, userId: string) {
  return db
    .select({
      id: consentSignatures.id,
      version: consentForms.version,
      signerName: consentSignatures.signerName,
      signedAt: consentSignatures.signedAt,
    })
    .from(consentSignatures)
    .innerJoin(consentForms, eq(consentForms.id, consentSignatures.formId))
    .where(eq(consentSignatures.userId, userId))
    .orderBy(desc(consentSignatures.signedAt), desc(consentForms.version));
}

export type NewSignature = typeof consentSignatures.$inferInsert;

/**
 * Records a signature: the participant's consent date stays the first signing (survey rounds count from it),
 * and a pending re-consent is answered.
 */
export async function insertSignature(tx: Executor, signature: NewSignature) {
  await tx.insert(consentSignatures).values(signature);
  await tx
    .update(users)
    .set({
      consentSignedAt: sql`coalesce(${users.consentSignedAt}, ${signature.signedAt.toISOString()}::timestamptz)`,
      reconsentRequestedAt: null,
    })
    .where(eq(users.id, signature.userId));
}

/** Ends the account: the withdrawal is recorded and the address is free to register again. */
export async function insertWithdrawal(tx: Executor, withdrawal: typeof consentWithdrawals.$inferInsert) {
  await tx.insert(consentWithdrawals).values(withdrawal);
  await tx
    .update(users)
    .set({ status: 'withdrawn', updatedAt: withdrawal.withdrawnAt })
    .where(eq(users.id, withdrawal.userId));
}

/** The codes e-mailed before signing: a participant's newest open one is the one that works. */
export const consentCodes = oneUseCodes(signingCodes);
