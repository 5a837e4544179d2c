import { z } from 'zod';
import { envelope } from '../api/envelope';
import { CONSENT_FIELD_TYPES, ZConsentInputField, type TConsentInputField } from '../consent/ceremony';
import { LANGUAGES, type Language } from '../constants';
import { ZLoadedRevision } from './health-system-info';
import { call } from '../api/call';

export const GET_HEALTH_SYSTEM_FILES = call('GET', '/health-system/files');

/** Message keys of consent forms, their uploads and their input fields. */
export const CONSENT_FORM_MESSAGES = {
  fieldTypeRequired: 'healthSystems.field.typeRequired',
  descriptionRequired: 'healthSystems.field.descriptionRequired',
  descriptionShort: 'healthSystems.field.descriptionShort',
  descriptionTooLong: 'healthSystems.field.descriptionTooLong',
  pageRequired: 'healthSystems.field.pageRequired',
  pageMin: 'healthSystems.field.pageMin',
  xRequired: 'healthSystems.field.xRequired',
  xMin: 'healthSystems.field.xMin',
  yRequired: 'healthSystems.field.yRequired',
  yMin: 'healthSystems.field.yMin',
  widthRequired: 'healthSystems.field.widthRequired',
  widthMin: 'healthSystems.field.widthMin',
  heightRequired: 'healthSystems.field.heightRequired',
  heightMin: 'healthSystems.field.heightMin',
  /** Values: page, pages. */
  pageMissing: 'healthSystems.field.pageMissing',
  /** Values: page, width, height (points). */
  outsidePage: 'healthSystems.field.outsidePage',
  fieldNotFound: 'healthSystems.field.notFound',
  tooManyFields: 'healthSystems.field.tooMany',
  lastField: 'healthSystems.field.lastField',
  added: 'healthSystems.field.added',
  updated: 'healthSystems.field.updated',
  deleted: 'healthSystems.field.deleted',
  /** Values: language. */
  fileRequired: 'healthSystems.consent.fileRequired',
  /** Values: language, type. */
  fileType: 'healthSystems.consent.fileType',
  /** Values: language, file. */
  fileExtension: 'healthSystems.consent.fileExtension',
  /** Values: language, size. */
  fileTooLarge: 'healthSystems.consent.fileTooLarge',
  /** Values: language. A file the server stopped reading at the limit, so its size is not known. */
  fileOverLimit: 'healthSystems.consent.fileOverLimit',
  /** Values: language. */
  fieldsRequired: 'healthSystems.consent.fieldsRequired',
  noData: 'healthSystems.consent.noData',
  /** Values: language. The PDF checks by content. */
  notPdf: 'healthSystems.pdf.notPdf',
  unreadable: 'healthSystems.pdf.unreadable',
  encrypted: 'healthSystems.pdf.encrypted',
  activeContent: 'healthSystems.pdf.activeContent',
  extraContent: 'healthSystems.pdf.extraContent',
  formNotFound: 'healthSystems.consent.formNotFound',
  formOutdated: 'healthSystems.consent.formOutdated',
  published: 'healthSystems.consent.published',
  switchedToDefault: 'healthSystems.consent.switchedToDefault',
  alreadyDefault: 'healthSystems.consent.alreadyDefault',
  fileNotFound: 'healthSystems.consent.fileNotFound',
} as const;
const M = CONSENT_FORM_MESSAGES;

/** A consent PDF is at most 5 MB (5,242,880 bytes). */
export const CONSENT_PDF_MAX_BYTES = 5_242_880;
export const CONSENT_FIELDS_MAX = 50;
const FIELD_DESCRIPTION_MIN = 5;
export const FIELD_DESCRIPTION_MAX = 500;
const FIELD_NAME_MAX = 100;
/** The file name a viewed form downloads under when the browser blocks the new tab. */
export const CONSENT_FORM_DOWNLOAD_NAME = 'consent-form.pdf';

/** A number typed in a form arrives as a string or a number; an empty box is missing. */
const numberInput = (required: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z.number({ error: required }).refine(Number.isFinite, required),
  );

/**
 * An input field as an administrator configures it (no id yet): the spec's rules, in the order the dialog shows
 * them. Places are PDF points from the page's top-left corner, y growing downward.
 */
export const ZInputFieldSettings = z.object({
  name: z.string().trim().max(FIELD_NAME_MAX).optional(),
  description: z
    .string({ error: M.descriptionRequired })
    .trim()
    .min(1, M.descriptionRequired)
    .min(FIELD_DESCRIPTION_MIN, M.descriptionShort)
    .max(FIELD_DESCRIPTION_MAX, M.descriptionTooLong),
  type: z.enum(CONSENT_FIELD_TYPES, { error: M.fieldTypeRequired }),
  coordinates: z.object({
    page: numberInput(M.pageRequired).pipe(z.number().int(M.pageRequired).min(1, M.pageMin)),
    x: numberInput(M.xRequired).pipe(z.number().min(0, M.xMin)),
    y: numberInput(M.yRequired).pipe(z.number().min(0, M.yMin)),
  }),
  dimensions: z.object({
    width: numberInput(M.widthRequired).pipe(z.number().gt(0, M.widthMin)),
    height: numberInput(M.heightRequired).pipe(z.number().gt(0, M.heightMin)),
  }),
  isRequired: z.boolean().default(false),
});
export type TInputFieldSettings = z.output<typeof ZInputFieldSettings>;

/** A page's size in PDF points. */
export interface PageSize {
  width: number;
  height: number;
}

/**
 * Where a field does not fit its form: a page the PDF lacks, or a box running past the page's edge. The editor
 * and the server both ask, so a field the editor accepts is one the server stores.
 */
export function fieldPlacementProblem(
  field: Pick<TInputFieldSettings, 'coordinates' | 'dimensions'>,
  pages: readonly PageSize[],
): { message: string; values: Record<string, number> } | undefined {
  const { page, x, y } = field.coordinates;
  const size = pages[page - 1];
  if (!size) return { message: M.pageMissing, values: { page, count: pages.length } };
  const { width, height } = field.dimensions;
  // A hundredth of a point of rounding is not a field off its page.
  const slack = 0.01;
  if (x + width > size.width + slack || y + height > size.height + slack)
    return { message: M.outsidePage, values: { page, width: round(size.width), height: round(size.height) } };
  return undefined;
}
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The version of the form an editor loaded: a change sent with another one is refused (409) and saves nothing.
 * Optional, so a call without it changes the current version, as before.
 */
const ZLoadedVersion = z.number().int().positive().optional();

/**
 * Every consent-changing call takes: whether participants who signed an earlier version of this form must sign
 * the new one, the form's version and the system's revision the editor loaded (a stale one is refused, nothing
 * saved).
 */
const ZPublishOptions = z.object({
  reconsent: z.boolean().default(false),
  version: ZLoadedVersion,
  revision: ZLoadedRevision,
});

/**
 * A field of a whole list: its settings, and the id of the field it is when it is one the form already has (so
 * that it keeps its id); without one, a field unchanged from the current version keeps its id too.
 */
export const ZInputFieldEntry = ZInputFieldSettings.extend({ id: z.string().max(64).optional() });
export type TInputFieldEntry = z.output<typeof ZInputFieldEntry>;

/** A form's input fields, as many as a form may have. */
const ZInputFieldList = z.array(ZInputFieldEntry).max(CONSENT_FIELDS_MAX, M.tooManyFields);

export const PUT_CONSENT_INPUT_FIELD = call('PUT', '/consent/input-field');

export const POST_CONSENT_INPUT_FIELD = call('POST', '/consent/input-field');

/** `POST /consent/input-field?formId` and `PUT /consent/input-field?id`. */
export const ZInputFieldRequest = ZPublishOptions.extend({ inputField: ZInputFieldSettings });
export const PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS = call('PUT', '/update/consent-form/input-fields');

/** `PUT /update/consent-form/input-fields?id&language`: the form's whole list (the visual editor's save). */
export const ZInputFieldsRequest = ZPublishOptions.extend({
  inputFields: ZInputFieldList.min(1, M.lastField),
});
export const DELETE_CONSENT_INPUT_FIELD = call('DELETE', '/consent/input-field');

export const DELETE_CONSENT_FORM = call('DELETE', '/consent-form');

/** `DELETE /consent-form?id` and `DELETE /consent/input-field?id`: the options come in the query. */
export const ZPublishQuery = z.object({
  id: z.uuid({ error: M.formNotFound }),
  reconsent: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  version: z.coerce.number().int().positive().optional(),
  revision: z.coerce.number().int().positive().optional(),
});

export const POST_CONSENT_FORM = call('POST', '/consent-form');

export const PUT_UPDATE_CONSENT_FORM = call('PUT', '/update/consent-form');

/**
 * A consent form entry of registration and of `POST /consent-form` / `PUT /update/consent-form`: the default
 * form (no file, no fields), or a custom one whose PDF travels as the multipart file part `file_{language}`
 * (`file` for the single-form calls).
 */
export const ZConsentFormEntryInput = z.object({
  language: z.enum(LANGUAGES),
  useDefault: z.boolean(),
  fileName: z.string().max(255).optional(),
  inputFields: ZInputFieldList.default([]),
  /** In `PUT /health-system/update`: the version of this language's form the editor loaded. */
  version: ZLoadedVersion,
});

/**
 * The JSON part `consentFormSettings` of `PUT /update/consent-form?id&language`, whose new PDF is the file part
 * `file`: without `inputFields` the current version's fields move onto the new PDF.
 */
export const ZConsentFormReplace = ZPublishOptions.extend({
  inputFields: ZInputFieldList.optional(),
});
/** The JSON part `data` of `POST /consent-form?healthSystemId`, whose PDF is the file part `file`. */
export const ZConsentFormCreate = ZConsentFormEntryInput.omit({ useDefault: true }).extend(ZPublishOptions.shape);
/** The file part of the single-form calls. */
export const CONSENT_FILE_PART = 'file';

/** The multipart file part that carries a language's PDF in registration and the whole update. */
export const consentFilePart = (language: Language) => `file_${language}`;

/** One language of `GET /health-system?tab=CONSENT`. */
const ZConsentFormEntry = z.object({
  /** The form's id, the same for all its versions; null while the system uses the default form in this language. */
  id: z.string().nullable(),
  language: z.enum(LANGUAGES),
  useDefault: z.boolean(),
  fileName: z.string().nullable(),
  /** The PDF's id for `GET /health-system/files?id`. */
  fileId: z.string().nullable(),
  /** The current version: a change may send it back as `version` (or `If-Match`) to be refused when stale. */
  version: z.number().int().nullable(),
  /** MM/DD/YYYY (UTC). */
  publishedOn: z.string().nullable(),
  inputFields: z.array(ZConsentInputField),
  /** Participants of this system and language who signed any version of it and have not withdrawn. */
  signedParticipants: z.number().int(),
});
export type TConsentFormEntry = z.infer<typeof ZConsentFormEntry>;
export const ZConsentTab = z.object({
  id: z.string(),
  revision: z.number(),
  consentForms: z.array(ZConsentFormEntry),
});
export type TConsentTab = z.infer<typeof ZConsentTab>;

/** What a consent change answers: the language's form and current version (null: the default form) and who is asked. */
const ZConsentChange = z.object({
  /** The form's id, unchanged by the change. */
  formId: z.string().nullable(),
  version: z.number().int().nullable(),
  revision: z.number(),
  /** Participants asked to sign the new version. */
  reconsentRequested: z.number().int(),
  /** `POST /consent/input-field`: the new field's id, for changing or removing it later. */
  fieldId: z.string().optional(),
});
export type TConsentChange = z.infer<typeof ZConsentChange>;
export const ZConsentChangeReply = envelope(ZConsentChange);

export type { TConsentInputField };
