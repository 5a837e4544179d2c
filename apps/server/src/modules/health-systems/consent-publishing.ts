import type { Language } from '@portal/shared/constants';
import type { TConsentChange } from '@portal/shared/health-systems/consent-form-settings';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { formChanges, type FormSnapshot } from '../../lib/form-changes';
import type { FileStore } from '../../providers/storage/file-store';
import {
  asInputField,
  findFormFields,
  insertNextFormVersion,
  retireCurrentForm,
  type NewFormField,
  type VersionFile,
} from '../../db/consent-forms';
import { findCurrentDefaultForm, insertPublication, requestReconsent, type CurrentVersion } from './consent-repository';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** A system's own form as a new version: its PDF, its name and its fields. */
export interface CustomForm {
  file: VersionFile;
  fileName: string;
  fields: readonly NewFormField[];
}

/** A new version on the current version's PDF (reused, never copied) with these fields. */
export const onCurrentFile = (current: CurrentVersion, fields: readonly NewFormField[]): CustomForm => ({
  file: { id: current.fileId, sha256: current.sha256 },
  fileName: current.fileName,
  fields,
});

export interface Publication {
  system: { id: string; databaseValue: string };
  language: Language;
  /** The language's current version, as the change read it in this transaction (undefined: the default form). */
  current: CurrentVersion | undefined;
  /** The new version, or null: the language switches to the study's default form. */
  form: CustomForm | null;
  reconsent: boolean;
  actorId: string;
  at: Date;
  ip?: string;
  files: FileStore;
}

/** The default form's current version as the changes between versions read it. */
async function defaultSnapshot(tx: Executor, form: { id: string; sha256: string }): Promise<FormSnapshot> {
  return { healthSystemId: null, sha256: form.sha256, fields: await findFormFields(tx, form.id) };
}

/**
 * Publishes a change of a system's consent form in one language, inside the caller's transaction: the current
 * version is retired and the new one stored (or the default form takes over), the publication is recorded with
 * what changed, and, with `reconsent`, the participants who signed an earlier form are asked to sign this one.
 * Signatures already made keep pointing at the version they were made on.
 */
export async function publishConsentChange(
  tx: Executor,
  publication: Publication,
): Promise<Omit<TConsentChange, 'revision'>> {
  const { system, language, current, form, at } = publication;
  const owner = { healthSystemId: system.id, language };
  const defaultForm = await findCurrentDefaultForm(tx, language);
  const before: FormSnapshot | undefined = current
    ? { healthSystemId: system.id, sha256: current.sha256, fields: current.fields }
    : defaultForm && (await defaultSnapshot(tx, defaultForm));
  let published: Awaited<ReturnType<typeof insertNextFormVersion>> | undefined;
  let after: FormSnapshot | undefined;
  if (form) {
    published = await insertNextFormVersion(tx, {
      ...form,
      owner,
      at,
      createdBy: publication.actorId,
      files: publication.files,
    });
    after = { healthSystemId: system.id, sha256: published.sha256, fields: form.fields.map(asInputField) };
  } else {
    await retireCurrentForm(tx, owner, at);
    after = defaultForm && (await defaultSnapshot(tx, defaultForm));
  }
  const version = published?.version ?? null;
  const signNow = published?.id ?? defaultForm?.id;
  const reconsentRequested =
    publication.reconsent && signNow
      ? await requestReconsent(tx, { databaseValue: system.databaseValue, language, formId: signNow, at })
      : 0;
  await insertPublication(tx, {
    healthSystemId: system.id,
    language,
    formId: published?.id ?? null,
    previousFormId: current?.id ?? null,
    changes: before && after ? formChanges(before, after) : [],
    reconsent: publication.reconsent,
    participantsAsked: reconsentRequested,
    publishedBy: publication.actorId,
    publishedAt: at,
  });
  await recordAudit(tx, {
    at,
    action: 'consent.published',
    actorId: publication.actorId,
    subjectId: system.id,
    details: {
      healthSystemId: system.id,
      language,
      version,
      reconsent: publication.reconsent,
      participantsAsked: reconsentRequested,
    },
    ip: publication.ip,
  });
  return { formId: published?.documentId ?? null, version, reconsentRequested };
}
