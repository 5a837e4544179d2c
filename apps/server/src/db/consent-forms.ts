import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import type { Language } from '@portal/shared/constants';
import type { FileStore } from '../providers/storage/file-store';
import type { Database } from './client';
import { consentFormDocuments, consentForms, consentInputFields } from './schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** Whose form a version is, and in which language: a health system's own, or the default one (null). */
export interface FormOwner {
  healthSystemId: string | null;
  language: Language;
}

/** The rows of an owner's form: its versions, or the form itself. */
const ownedBy = (table: typeof consentForms | typeof consentFormDocuments, owner: FormOwner) =>
  and(
    owner.healthSystemId ? eq(table.healthSystemId, owner.healthSystemId) : isNull(table.healthSystemId),
    eq(table.language, owner.language),
  );

/** The id of an owner's form, the same for all its versions: made with its first version. */
async function formDocumentId(tx: Executor, owner: FormOwner, at: Date): Promise<string> {
  await tx
    .insert(consentFormDocuments)
    .values({ ...owner, createdAt: at })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: consentFormDocuments.id })
    .from(consentFormDocuments)
    .where(ownedBy(consentFormDocuments, owner));
  return row!.id;
}

/** The highest version number of an owner's form; 0 before the first. */
async function findLatestFormVersion(tx: Executor, owner: FormOwner): Promise<number> {
  const [latest] = await tx
    .select({ version: sql<number>`coalesce(max(${consentForms.version}), 0)` })
    .from(consentForms)
    .where(ownedBy(consentForms, owner));
  return Number(latest?.version ?? 0);
}

export async function retireCurrentForm(tx: Executor, owner: FormOwner, at: Date) {
  await tx
    .update(consentForms)
    .set({ retiredAt: at })
    .where(and(ownedBy(consentForms, owner), isNull(consentForms.retiredAt)));
}

/** A field of a new version; `fieldId` carries an earlier version's field over (without it, a new field). */
export type NewFormField = Omit<typeof consentInputFields.$inferInsert, 'id' | 'formId' | 'sortOrder'>;

/** Stores a form version with its input fields in their order; returns the version's id. */
async function insertFormVersion(
  tx: Executor,
  form: typeof consentForms.$inferInsert,
  fields: readonly NewFormField[],
): Promise<string> {
  const [row] = await tx.insert(consentForms).values(form).returning({ id: consentForms.id });
  const formId = row!.id;
  if (fields.length > 0) {
    await tx.insert(consentInputFields).values(fields.map((field, index) => ({ ...field, formId, sortOrder: index })));
  }
  return formId;
}

/** The PDF of a new version: new bytes (stored now), or an earlier version's file (reused, never copied). */
export type VersionFile = { bytes: Uint8Array } | { id: string; sha256: string };

export interface NextFormVersion {
  owner: FormOwner;
  file: VersionFile;
  fileName: string;
  fields: readonly NewFormField[];
  at: Date;
  createdBy?: string;
  /** Where new bytes are kept. */
  files: FileStore;
}

/**
 * Publishes the next version of an owner's form inside the caller's transaction: the current version is
 * retired, the new one counts up from the latest, its PDF is stored (or an earlier version's reused) and its
 * fields are kept in their order. Answers the version's id (what signatures point at) and the form's id (the
 * same for every version). Signatures already made keep pointing at the version they were made on.
 */
export async function insertNextFormVersion(tx: Executor, form: NextFormVersion) {
  const version = (await findLatestFormVersion(tx, form.owner)) + 1;
  await retireCurrentForm(tx, form.owner, form.at);
  const file =
    'bytes' in form.file
      ? await form.files.store(tx, { bytes: form.file.bytes, contentType: 'application/pdf', at: form.at })
      : form.file;
  const documentId = await formDocumentId(tx, form.owner, form.at);
  const id = await insertFormVersion(
    tx,
    {
      ...form.owner,
      documentId,
      version,
      fileName: form.fileName,
      fileId: file.id,
      sha256: file.sha256,
      createdAt: form.at,
      createdBy: form.createdBy,
    },
    form.fields,
  );
  return { id, documentId, version, sha256: file.sha256 };
}

/** Whether a default form exists in a language. */
export async function hasDefaultForm(db: Executor, language: Language) {
  const [row] = await db
    .select({ id: consentForms.id })
    .from(consentForms)
    .where(and(isNull(consentForms.healthSystemId), eq(consentForms.language, language)))
    .limit(1);
  return Boolean(row);
}

/** A form version's input fields in their order. */
export async function findFormFields(db: Executor, formId: string): Promise<TConsentInputField[]> {
  const rows = await db
    .select()
    .from(consentInputFields)
    .where(eq(consentInputFields.formId, formId))
    .orderBy(asc(consentInputFields.sortOrder));
  return rows.map(asInputField);
}

/** A field of a version as the ceremony and the changes between versions read it (a new one has no id yet). */
export const asInputField = (field: NewFormField): TConsentInputField => ({
  id: field.fieldId ?? '',
  name: field.name,
  description: field.description,
  type: field.type as TConsentInputField['type'],
  coordinates: { page: field.page, x: field.x, y: field.y },
  dimensions: { width: field.width, height: field.height },
  isRequired: field.isRequired,
});
