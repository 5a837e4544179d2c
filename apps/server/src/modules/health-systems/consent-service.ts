import { randomUUID } from 'node:crypto';
import type { Language } from '@portal/shared/constants';
import {
  CONSENT_FIELDS_MAX,
  CONSENT_FORM_MESSAGES as M,
  type TConsentChange,
  type TInputFieldEntry,
  type TInputFieldSettings,
} from '@portal/shared/health-systems/consent-form-settings';
import { refused, type DataOutcome, type Refusal, type RequestContext } from '../../lib/outcome';
import { isStale } from '../../lib/setting-version';
import type { NewFormField } from '../../db/consent-forms';
import { fieldListProblems, judgeUploadedPdf, storedPdfPages } from './consent-checks';
import { carryFieldIds, keptField, placementProblems, safePdfName, toFormField } from './consent-fields';
import { onCurrentFile, publishConsentChange, type CustomForm } from './consent-publishing';
import { findCurrentVersion, findFieldDocumentId, findFormDocument, type CurrentVersion } from './consent-repository';
import { changeSystem, fieldRefusal, type Tx } from './system-change';
import type { FileStore } from '../../providers/storage/file-store';
import type { HealthSystemsDeps } from './systems-service';
import { recordSystemChange } from './systems-repository';
import type { UploadedFile } from '../../lib/multipart';

/**
 * What every consent change carries: whether signers must sign again, and the form's version and the system's
 * revision the editor loaded.
 */
export interface PublishOptions {
  reconsent: boolean;
  version?: number;
  revision?: number;
}

const staleForm = refused(409, M.formOutdated);

const fieldNames = { list: 'inputFields', field: (index: number) => `inputFields.${index}` };

/** A field list of the current PDF, judged on its pages: the form to publish, or the problems. */
async function onSameFile(
  files: FileStore,
  tx: Tx,
  current: CurrentVersion,
  fields: NewFormField[],
  problems: (pages: Awaited<ReturnType<typeof storedPdfPages>>) => ReturnType<typeof fieldListProblems>,
): Promise<CustomForm | Refusal> {
  const found = problems(await storedPdfPages(files, tx, current.fileId));
  if (found.length > 0) return fieldRefusal(400, found);
  return onCurrentFile(current, fields);
}

/**
 * Consent form changes of one language of a system (replace the PDF, change the fields, switch to the default
 * form or back): each publishes a new version of the form, made from its current version. The form and its
 * fields keep their ids; a change sent with a version other than the current one is refused.
 */
export function createConsentService(deps: HealthSystemsDeps) {
  const { db, clock } = deps;

  /**
   * Publishes the form `build` makes from the language's current version (null: the default form) in one change
   * of the system.
   */
  async function publish(
    system: { id: string; language: Language },
    options: PublishOptions & { actorId: string; context: RequestContext },
    build: (tx: Tx, current: CurrentVersion | undefined) => Promise<CustomForm | null | Refusal>,
  ): Promise<DataOutcome<TConsentChange>> {
    return changeSystem(db, system.id, options.revision, async (tx, row) => {
      const current = await findCurrentVersion(tx, row.id, system.language);
      const form = await build(tx, current);
      if (form && 'ok' in form) return form;
      const at = clock.now();
      const change = await publishConsentChange(tx, {
        system: row,
        language: system.language,
        current,
        form,
        reconsent: options.reconsent,
        actorId: options.actorId,
        at,
        ip: options.context.ip,
        files: deps.files,
      });
      return { ...change, revision: await recordSystemChange(tx, row.id, {}, at) };
    });
  }

  /**
   * A change of the form `formId` (or of the form the field `fieldId` is on, which its current version must
   * have), made from the form's current version when the change runs.
   */
  async function changeForm(
    target: { formId: string; language?: Language } | { fieldId: string },
    options: PublishOptions & { actorId: string; context: RequestContext },
    build: (tx: Tx, current: CurrentVersion) => Promise<CustomForm | null | Refusal>,
    whenDefault: Refusal = staleForm,
  ): Promise<DataOutcome<TConsentChange>> {
    const formId = 'formId' in target ? target.formId : await findFieldDocumentId(db, target.fieldId);
    if (!formId) return refused(404, M.fieldNotFound);
    const form = await findFormDocument(db, formId);
    const language = form?.language as Language | undefined;
    if (!form?.healthSystemId || !language || ('language' in target && target.language && target.language !== language))
      return refused(404, M.formNotFound);
    return publish({ id: form.healthSystemId, language }, options, async (tx, current) => {
      if (!current) return whenDefault;
      if (isStale(options.version, current.version)) return staleForm;
      if ('fieldId' in target && !current.fields.some((field) => field.id === target.fieldId))
        return refused(404, M.fieldNotFound);
      return build(tx, current);
    });
  }

  return {
    /** `PUT /update/consent-form`: a new PDF, with new fields or the current ones moved onto it. */
    async replacePdf(
      actorId: string,
      target: { formId: string; language: Language },
      settings: PublishOptions & { inputFields?: TInputFieldEntry[] },
      file: UploadedFile | undefined,
      context: RequestContext,
    ) {
      const pdf = await judgeUploadedPdf(file?.bytes, target.language, 'file');
      if (!pdf.ok) return fieldRefusal(400, [pdf.problem]);
      return changeForm(target, { ...settings, actorId, context }, async (_tx, current) => {
        const fields = carryFieldIds(settings.inputFields ?? current.fields, current.fields);
        const problems = fieldListProblems(fields, pdf.pages, target.language, fieldNames);
        if (problems.length > 0) return fieldRefusal(400, problems);
        const fileName = safePdfName(file!.fileName, current.fileName.replace(/\.pdf$/i, ''));
        return { file: { bytes: pdf.bytes }, fileName, fields };
      });
    },

    /** `PUT /update/consent-form/input-fields`: the whole field list on the same PDF. */
    replaceFields(
      actorId: string,
      target: { formId: string; language: Language },
      body: PublishOptions & { inputFields: TInputFieldEntry[] },
      context: RequestContext,
    ) {
      return changeForm(target, { ...body, actorId, context }, (tx, current) => {
        const fields = carryFieldIds(body.inputFields, current.fields);
        return onSameFile(deps.files, tx, current, fields, (pages) =>
          fieldListProblems(fields, pages, target.language, fieldNames),
        );
      });
    },

    /** `DELETE /consent-form`: the language goes back to the study's default form. */
    useDefault(actorId: string, formId: string, options: PublishOptions, context: RequestContext) {
      return changeForm({ formId }, { ...options, actorId, context }, async () => null, refused(409, M.alreadyDefault));
    },

    /** `POST /consent-form`: a custom form for a language (a new version of it). */
    async createForm(
      actorId: string,
      healthSystemId: string,
      data: PublishOptions & { language: Language; fileName?: string; inputFields: TInputFieldSettings[] },
      file: UploadedFile | undefined,
      context: RequestContext,
    ) {
      const pdf = await judgeUploadedPdf(file?.bytes, data.language, 'file');
      if (!pdf.ok) return fieldRefusal(400, [pdf.problem]);
      const fields = data.inputFields.map(toFormField);
      const problems = fieldListProblems(fields, pdf.pages, data.language, fieldNames);
      if (problems.length > 0) return fieldRefusal(400, problems);
      const fileName = safePdfName(data.fileName ?? file!.fileName, `consent-${data.language}`);
      return publish(
        { id: healthSystemId, language: data.language },
        { ...data, actorId, context },
        async (_tx, current) =>
          isStale(data.version, current?.version ?? null)
            ? staleForm
            : { file: { bytes: pdf.bytes }, fileName, fields },
      );
    },

    /** `POST /consent/input-field`: the current fields and one more, whose new id the reply names. */
    async addField(
      actorId: string,
      formId: string,
      body: PublishOptions & { inputField: TInputFieldSettings },
      context: RequestContext,
    ): Promise<DataOutcome<TConsentChange>> {
      const added = { ...toFormField(body.inputField), fieldId: randomUUID() };
      const outcome = await changeForm({ formId }, { ...body, actorId, context }, (tx, current) => {
        if (current.fields.length >= CONSENT_FIELDS_MAX) return Promise.resolve(refused(400, M.tooManyFields));
        const fields = [...current.fields.map(keptField), added];
        return onSameFile(deps.files, tx, current, fields, (pages) =>
          placementProblems([added], pages, () => 'inputField'),
        );
      });
      return outcome.ok ? { ...outcome, data: { ...outcome.data, fieldId: added.fieldId } } : outcome;
    },

    /** `PUT /consent/input-field`: the current fields with one changed. */
    updateField(
      actorId: string,
      fieldId: string,
      body: PublishOptions & { inputField: TInputFieldSettings },
      context: RequestContext,
    ) {
      const changed = toFormField(body.inputField);
      return changeForm({ fieldId }, { ...body, actorId, context }, (tx, current) => {
        const fields = current.fields.map((field) =>
          field.id === fieldId ? { ...changed, fieldId } : keptField(field),
        );
        return onSameFile(deps.files, tx, current, fields, (pages) =>
          placementProblems([changed], pages, () => 'inputField'),
        );
      });
    },

    /** `DELETE /consent/input-field`: the current fields but one; a form keeps at least one. */
    deleteField(actorId: string, fieldId: string, options: PublishOptions, context: RequestContext) {
      return changeForm({ fieldId }, { ...options, actorId, context }, async (_tx, current) => {
        const fields = current.fields.filter((field) => field.id !== fieldId).map(keptField);
        if (fields.length === 0) return refused(400, M.lastField);
        return onCurrentFile(current, fields);
      });
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
