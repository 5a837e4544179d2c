import { LANGUAGES, type Language } from '@portal/shared/constants';
import type { Database } from '../../db/client';
import { buildDefaultConsentForm, type DefaultFormField } from './default-form/build-default-form';
import { hasDefaultForm, insertNextFormVersion } from '../../db/consent-forms';
import { databaseFileStore, type FileStore } from '../../providers/storage/file-store';

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
  /** Where the PDF is kept; the database unless a store is given. */
  files?: FileStore;
}

/**
 * Publishes a new version of a consent form: the current version of the
 * same owner and language is retired, the new one counts up from it, and its file and fields are stored with
 * it. Signatures already made keep pointing at the version they were made on.
 */
export async function publishConsentForm(db: Database, form: NewFormVersion): Promise<{ id: string; version: number }> {
  return db.transaction(async (tx) => {
    const { id, version } = await insertNextFormVersion(tx, {
      owner: { healthSystemId: form.healthSystemId, language: form.language },
      file: { bytes: form.bytes },
      fileName: form.fileName,
      fields: form.fields,
      at: form.at,
      createdBy: form.createdBy,
      files: form.files ?? databaseFileStore,
    });
    return { id, version };
  });
}

/**
 * The study's default consent form in each language, published on the first start (and on the first start
 * after an upgrade that brought them). Two processes starting together on PostgreSQL may both try: the
 * one-version-per-number index lets one win, and the other's attempt is dropped.
 */
export async function ensureDefaultConsentForms(db: Database, at: Date, files: FileStore): Promise<void> {
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
        files,
      });
    } catch (error) {
      if (!(await hasDefaultForm(db, language))) throw error;
    }
  }
}
