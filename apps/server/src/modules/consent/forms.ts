import { and, eq, isNull, sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@portal/shared/constants';
import type { Database } from '../../db/client';
import { consentForms, consentInputFields } from '../../db/schema';
import { storeFile } from '../../providers/storage/file-store';
import { buildDefaultConsentForm, type DefaultFormField } from './default-form/build-default-form';

/** An input field as configured on a form: place and size in PDF points from the page's top-left corner. */
export type FieldSettings = DefaultFormField;

export interface NewFormVersion {
  /** Null for the study's default form. */
  healthSystemId: string | null;
  language: Language;
  fileName: string;
  bytes: Uint8Array;
  fields: readonly FieldSettings[];
  at: Date;
  createdBy?: string;
}

const sameOwner = (healthSystemId: string | null) =>
  healthSystemId ? eq(consentForms.healthSystemId, healthSystemId) : isNull(consentForms.healthSystemId);

/**
 * Publishes a new version of a consent form: the current version of the
 * same owner and language is retired, the new one counts up from it, and its file and fields are stored with
 * it. Signatures already made keep pointing at the version they were made on.
 */
export async function publishConsentForm(db: Database, form: NewFormVersion): Promise<{ id: string; version: number }> {
  return db.transaction(async (tx) => {
    const owner = and(sameOwner(form.healthSystemId), eq(consentForms.language, form.language));
    const [latest] = await tx
      .select({ version: sql<number>`coalesce(max(${consentForms.version}), 0)` })
      .from(consentForms)
      .where(owner);
    await tx
      .update(consentForms)
      .set({ retiredAt: form.at })
      .where(and(owner, isNull(consentForms.retiredAt)));
    const file = await storeFile(tx, { bytes: form.bytes, contentType: 'application/pdf', at: form.at });
    const version = Number(latest?.version ?? 0) + 1;
    const [row] = await tx
      .insert(consentForms)
      .values({
        healthSystemId: form.healthSystemId,
        language: form.language,
        version,
        fileName: form.fileName,
        fileId: file.id,
        sha256: file.sha256,
        createdAt: form.at,
        createdBy: form.createdBy,
      })
      .returning({ id: consentForms.id });
    const formId = row!.id;
    if (form.fields.length > 0) {
      await tx
        .insert(consentInputFields)
        .values(form.fields.map((field, index) => ({ ...field, formId, sortOrder: index })));
    }
    return { id: formId, version };
  });
}

/** Whether a current default form exists in a language. */
async function hasDefaultForm(db: Database, language: Language) {
  const [row] = await db
    .select({ id: consentForms.id })
    .from(consentForms)
    .where(and(isNull(consentForms.healthSystemId), eq(consentForms.language, language)))
    .limit(1);
  return Boolean(row);
}

/**
 * The study's default consent form in each language, published on the first start (and on the first start
 * after an upgrade that brought them). Two processes starting together on PostgreSQL may both try: the
 * one-version-per-number index lets one win, and the other's attempt is dropped.
 */
export async function ensureDefaultConsentForms(db: Database, at: Date): Promise<void> {
  for (const language of LANGUAGES) {
    if (await hasDefaultForm(db, language)) continue;
    const built = await buildDefaultConsentForm(language);
    try {
      await publishConsentForm(db, {
        healthSystemId: null,
        language,
        fileName: built.fileName,
        bytes: built.bytes,
        fields: built.fields,
        at,
      });
    } catch (error) {
      if (!(await hasDefaultForm(db, language))) throw error;
    }
  }
}
