import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import type { Language } from '@portal/shared/constants';
import {
  CONSENT_FIELDS_MAX,
  CONSENT_FORM_MESSAGES as M,
  type TConsentChange,
  type TInputFieldSettings,
} from '@portal/shared/health-systems/consent-form-settings';
import { refused, type DataOutcome, type Refusal, type RequestContext } from '../../lib/outcome';
import type { NewFormField } from '../../db/consent-forms';
import { findFormFields } from '../../db/consent-forms';
import { fieldListProblems, judgeUploadedPdf, storedPdfPages } from './consent-checks';
import { placementProblems, safePdfName, toFormField } from './consent-fields';
import { publishConsentChange, type CustomForm } from './consent-publishing';
import { findCurrentSystemForm, findFieldFormId, findFormOwner } from './consent-repository';
import { changeSystem, fieldRefusal, type Tx } from './system-change';
import type { HealthSystemsDeps } from './systems-service';
import { recordSystemChange, type SystemRow } from './systems-repository';
import type { UploadedFile } from './upload';

/** What every consent change carries: whether signers must sign again, and the revision the editor loaded. */
export interface PublishOptions {
  reconsent: boolean;
  revision?: number;
}

type CurrentForm = NonNullable<Awaited<ReturnType<typeof findCurrentSystemForm>>>;

/** The current version a change starts from, with its fields as stored. */
interface Starting {
  system: SystemRow;
  current: CurrentForm;
  fields: TConsentInputField[];
}

const fieldNames = { list: 'inputFields', field: (index: number) => `inputFields.${index}` };

/** A field list of the current PDF, judged on its pages: the form to publish, or the problems. */
async function onSameFile(
  tx: Tx,
  start: Starting,
  fields: NewFormField[],
  problems: (pages: Awaited<ReturnType<typeof storedPdfPages>>) => ReturnType<typeof fieldListProblems>,
): Promise<CustomForm | Refusal> {
  const found = problems(await storedPdfPages(tx, start.current.fileId));
  if (found.length > 0) return fieldRefusal(400, found);
  return { file: { id: start.current.fileId, sha256: start.current.sha256 }, fileName: start.current.fileName, fields };
}

/**
 * Consent form changes of one language of a system (replace the PDF, change the fields, switch to the default
 * form or back): each publishes a new version, made only from the language's current version.
 */
export function createConsentService(deps: HealthSystemsDeps) {
  const { db, clock } = deps;

  /** Publishes the form `build` makes (null: the default form) in one change of the system. */
  async function publish(
    system: { id: string; language: Language },
    options: PublishOptions & { actorId: string; context: RequestContext },
    build: (tx: Tx, system: SystemRow) => Promise<CustomForm | null | Refusal>,
  ): Promise<DataOutcome<TConsentChange>> {
    return changeSystem(db, system.id, options.revision, async (tx, row) => {
      const form = await build(tx, row);
      if (form && 'ok' in form) return form;
      const at = clock.now();
      const change = await publishConsentChange(tx, {
        system: row,
        language: system.language,
        form,
        reconsent: options.reconsent,
        actorId: options.actorId,
        at,
        ip: options.context.ip,
      });
      return { ...change, revision: await recordSystemChange(tx, row.id, {}, at) };
    });
  }

  /**
   * A change of the version `formId` (or of the version the field `fieldId` is on), which must be the current
   * version of its system and language when the change runs.
   */
  async function changeForm(
    target: { formId: string; language?: Language } | { fieldId: string },
    options: PublishOptions & { actorId: string; context: RequestContext },
    build: (tx: Tx, start: Starting) => Promise<CustomForm | null | Refusal>,
    whenDefault: Refusal = refused(409, M.formOutdated),
  ): Promise<DataOutcome<TConsentChange>> {
    const formId = 'formId' in target ? target.formId : await findFieldFormId(db, target.fieldId);
    if (!formId) return refused(404, M.fieldNotFound);
    const form = await findFormOwner(db, formId);
    const language = form?.language as Language | undefined;
    if (!form?.healthSystemId || !language || ('language' in target && target.language && target.language !== language))
      return refused(404, M.formNotFound);
    return publish({ id: form.healthSystemId, language }, options, async (tx, system) => {
      const current = await findCurrentSystemForm(tx, system.id, language);
      if (!current) return whenDefault;
      if (current.id !== formId) return refused(409, M.formOutdated);
      return build(tx, { system, current, fields: await findFormFields(tx, current.id) });
    });
  }

  return {
    /** `PUT /update/consent-form`: a new PDF, with new fields or the current ones moved onto it. */
    async replacePdf(
      actorId: string,
      target: { formId: string; language: Language },
      settings: PublishOptions & { inputFields?: TInputFieldSettings[] },
      file: UploadedFile | undefined,
      context: RequestContext,
    ) {
      const pdf = await judgeUploadedPdf(file?.bytes, target.language, 'file');
      if (!pdf.ok) return fieldRefusal(400, [pdf.problem]);
      return changeForm(target, { ...settings, actorId, context }, async (_tx, start) => {
        const fields = settings.inputFields?.map(toFormField) ?? start.fields.map(toFormField);
        const problems = fieldListProblems(fields, pdf.pages, target.language, fieldNames);
        if (problems.length > 0) return fieldRefusal(400, problems);
        const fileName = safePdfName(file!.fileName, start.current.fileName.replace(/\.pdf$/i, ''));
        return { file: { bytes: pdf.bytes }, fileName, fields };
      });
    },

    /** `PUT /update/consent-form/input-fields`: the whole field list on the same PDF. */
    replaceFields(
      actorId: string,
      target: { formId: string; language: Language },
      body: PublishOptions & { inputFields: TInputFieldSettings[] },
      context: RequestContext,
    ) {
      const fields = body.inputFields.map(toFormField);
      return changeForm(target, { ...body, actorId, context }, (tx, start) =>
        onSameFile(tx, start, fields, (pages) => fieldListProblems(fields, pages, target.language, fieldNames)),
      );
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
      return publish({ id: healthSystemId, language: data.language }, { ...data, actorId, context }, async () => ({
        file: { bytes: pdf.bytes },
        fileName,
        fields,
      }));
    },

    /** `POST /consent/input-field`: the current fields and one more. */
    addField(
      actorId: string,
      formId: string,
      body: PublishOptions & { inputField: TInputFieldSettings },
      context: RequestContext,
    ) {
      const added = toFormField(body.inputField);
      return changeForm({ formId }, { ...body, actorId, context }, (tx, start) => {
        if (start.fields.length >= CONSENT_FIELDS_MAX) return Promise.resolve(refused(400, M.tooManyFields));
        const fields = [...start.fields.map(toFormField), added];
        return onSameFile(tx, start, fields, (pages) => placementProblems([added], pages, () => 'inputField'));
      });
    },

    /** `PUT /consent/input-field`: the current fields with one changed. */
    updateField(
      actorId: string,
      fieldId: string,
      body: PublishOptions & { inputField: TInputFieldSettings },
      context: RequestContext,
    ) {
      const changed = toFormField(body.inputField);
      return changeForm({ fieldId }, { ...body, actorId, context }, (tx, start) => {
        const fields = start.fields.map((field) => (field.id === fieldId ? changed : toFormField(field)));
        return onSameFile(tx, start, fields, (pages) => placementProblems([changed], pages, () => 'inputField'));
      });
    },

    /** `DELETE /consent/input-field`: the current fields but one; a form keeps at least one. */
    deleteField(actorId: string, fieldId: string, options: PublishOptions, context: RequestContext) {
      return changeForm({ fieldId }, { ...options, actorId, context }, async (_tx, start) => {
        const fields = start.fields.filter((field) => field.id !== fieldId).map(toFormField);
        if (fields.length === 0) return refused(400, M.lastField);
        return {
          file: { id: start.current.fileId, sha256: start.current.sha256 },
          fileName: start.current.fileName,
          fields,
        };
      });
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
