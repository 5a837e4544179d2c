import { and, countDistinct, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '@portal/shared/constants';
import type { Database } from '../../db/client';
import { findFormFields } from '../../db/consent-forms';
import {
  consentFormDocuments,
  consentForms,
  consentInputFields,
  consentPublications,
  consentSignatures,
  users,
} from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const currentColumns = {
  id: consentForms.id,
  documentId: consentForms.documentId,
  version: consentForms.version,
  fileName: consentForms.fileName,
  fileId: consentForms.fileId,
  sha256: consentForms.sha256,
  createdAt: consentForms.createdAt,
};

/** The current version of a system's own form in a language; undefined while it uses the default form. */
async function findCurrentSystemForm(db: Executor, healthSystemId: string, language: Language) {
  const [row] = await db
    .select(currentColumns)
    .from(consentForms)
    .where(
      and(
        eq(consentForms.healthSystemId, healthSystemId),
        eq(consentForms.language, language),
        isNull(consentForms.retiredAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The current version of a system's own form in a language with its fields, read once per change: what the
 * change starts from and what it replaces. Undefined while the language uses the default form.
 */
export async function findCurrentVersion(db: Executor, healthSystemId: string, language: Language) {
  const form = await findCurrentSystemForm(db, healthSystemId, language);
  return form && { ...form, fields: await findFormFields(db, form.id) };
}
export type CurrentVersion = NonNullable<Awaited<ReturnType<typeof findCurrentVersion>>>;

/** The current default form in a language. */
export async function findCurrentDefaultForm(db: Executor, language: Language) {
  const [row] = await db
    .select(currentColumns)
    .from(consentForms)
    .where(
      and(isNull(consentForms.healthSystemId), eq(consentForms.language, language), isNull(consentForms.retiredAt)),
    )
    .limit(1);
  return row;
}

/** Whose form this is (null: the study's default form) and its language; undefined for an unknown id. */
export async function findFormDocument(db: Executor, documentId: string) {
  const [row] = await db
    .select({ healthSystemId: consentFormDocuments.healthSystemId, language: consentFormDocuments.language })
    .from(consentFormDocuments)
    .where(eq(consentFormDocuments.id, documentId))
    .limit(1);
  return row;
}

/** The form an input field is (or was) on; undefined for an unknown field. */
export async function findFieldDocumentId(db: Executor, fieldId: string) {
  const [row] = await db
    .select({ documentId: consentForms.documentId })
    .from(consentInputFields)
    .innerJoin(consentForms, eq(consentForms.id, consentInputFields.formId))
    .where(eq(consentInputFields.fieldId, fieldId))
    .limit(1);
  return row?.documentId;
}

/** Participants who signed any version of a system's form in a language and have not withdrawn. */
export async function countSigners(db: Executor, healthSystemId: string, language: Language) {
  const [row] = await db
    .select({ total: countDistinct(consentSignatures.userId) })
    .from(consentSignatures)
    .innerJoin(consentForms, eq(consentForms.id, consentSignatures.formId))
    .innerJoin(users, eq(users.id, consentSignatures.userId))
    .where(
      and(
        eq(consentForms.healthSystemId, healthSystemId),
        eq(consentForms.language, language),
        ne(users.status, 'withdrawn'),
      ),
    );
  return row?.total ?? 0;
}

/** The name of the consent form version whose PDF a stored file is; undefined for any other file. */
export async function findFormFileName(db: Executor, fileId: string) {
  const [row] = await db
    .select({ fileName: consentForms.fileName })
    .from(consentForms)
    .where(eq(consentForms.fileId, fileId))
    .limit(1);
  return row?.fileName;
}

export async function insertPublication(tx: Executor, publication: typeof consentPublications.$inferInsert) {
  await tx.insert(consentPublications).values(publication);
}

/**
 * Asks the active participants of a system who read in a language and signed, but whose latest signature is not
 * of the form they now sign, to sign it at their next sign-in; how many were asked.
 */
export async function requestReconsent(
  tx: Executor,
  target: { databaseValue: string; language: Language; formId: string; at: Date },
) {
  const latestSignedForm = sql`(select ${consentSignatures.formId} from ${consentSignatures}
    where ${consentSignatures.userId} = ${users.id}
    order by ${consentSignatures.signedAt} desc limit 1)`;
  const asked = await tx
    .update(users)
    .set({ reconsentRequestedAt: target.at })
    .where(
      and(
        eq(users.healthSystem, target.databaseValue),
        eq(users.language, target.language),
        eq(users.status, 'active'),
        eq(users.role, 'patient'),
        sql`${users.consentSignedAt} is not null`,
        sql`${latestSignedForm} is distinct from ${target.formId}::uuid`,
      ),
    )
    .returning({ id: users.id });
  return asked.length;
}
