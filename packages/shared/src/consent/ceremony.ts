import { z } from 'zod';
import { envelope } from '../api/envelope';
import { LANGUAGES } from '../constants';
import { call } from '../api/call';

export const GET_SIGNATURE_CEREMONY = call('GET', '/signature/ceremony/:formId');
export const GET_SIGNATURE_CEREMONY_DOCUMENT = call('GET', '/signature/ceremony/:formId/document');
export const POST_SIGNATURE_CODE = call('POST', '/signature/code');

/** The e-signature locales: Spanish maps to es_ES, everything else to en_US. */
export const SIGNING_LOCALES = { en: 'en_US', sp: 'es_ES' } as const;

export const CONSENT_FIELD_TYPES = ['checkbox', 'date', 'text', 'signature'] as const;
export type ConsentFieldType = (typeof CONSENT_FIELD_TYPES)[number];

/**
 * A consent input field: where it sits on its page, in PDF points measured from the page's
 * top-left corner, y growing downward.
 */
export const ZConsentInputField = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(CONSENT_FIELD_TYPES),
  coordinates: z.object({ page: z.number().int().min(1), x: z.number().min(0), y: z.number().min(0) }),
  dimensions: z.object({ width: z.number().positive(), height: z.number().positive() }),
  isRequired: z.boolean(),
});
export type TConsentInputField = z.infer<typeof ZConsentInputField>;

export const GET_SIGNATURE_INIT = call('GET', '/signature/init');

/** `GET /signature/init`: whether consent is signed, the signing page's URL and the participant's language. */
export const ZSignatureInit = z.object({
  consentSigned: z.boolean(),
  /** The portal's own signing ceremony for this participant's form version; null once consent is signed. */
  signUrl: z.string().nullable(),
  userLanguage: z.enum(LANGUAGES),
  /** True when consent was signed before and a new version must be signed (surveys wait until then). */
  reconsent: z.boolean(),
});
export type TSignatureInit = z.infer<typeof ZSignatureInit>;
export const ZSignatureInitReply = envelope(ZSignatureInit);

/**
 * What changed between the version a participant signed and the one they are asked to sign again: the PDF
 * replaced, a field added, changed or removed (named by its description), or a different form altogether
 * (the study's default form in place of the health system's own, or the other way round).
 */
const FORM_CHANGE_KINDS = ['document', 'fieldAdded', 'fieldChanged', 'fieldRemoved', 'formReplaced'] as const;
const ZFormChange = z.object({ kind: z.enum(FORM_CHANGE_KINDS), field: z.string().optional() });
export type TFormChange = z.infer<typeof ZFormChange>;

/** A re-consent: the version signed before, when (MM/DD/YYYY), and what changed since. */
const ZReconsent = z.object({
  signedVersion: z.number().int(),
  signedDate: z.string(),
  changes: z.array(ZFormChange),
});
export type TReconsent = z.infer<typeof ZReconsent>;

/** What `signUrl` answers: the form version to sign, its fields, and whether an e-mailed code is asked first. */
export const ZCeremony = z.object({
  formId: z.string(),
  version: z.number().int(),
  language: z.enum(LANGUAGES),
  locale: z.enum([SIGNING_LOCALES.en, SIGNING_LOCALES.sp]),
  fileName: z.string(),
  /** SHA-256 (hex) of the form's PDF, as recorded with the signature. */
  sha256: z.string(),
  /** Where the form's PDF is fetched (bearer token), under the API base. */
  documentUrl: z.string(),
  /** Whether an e-mailed code must be entered before signing (policy `otpRequiredBeforeICFSign`). */
  codeRequired: z.boolean(),
  /** The participant's name as registered, offered for the printed-name field. */
  participantName: z.string(),
  fields: z.array(ZConsentInputField),
  /** Set when the participant signed an earlier version and is asked to sign this one. */
  reconsent: ZReconsent.nullable(),
});
export type TCeremony = z.infer<typeof ZCeremony>;
export const ZCeremonyReply = envelope(ZCeremony);

/** A PNG data URL of a drawn signature is at most this long (about 375 kB of image). */
export const DRAWN_SIGNATURE_MAX_CHARS = 500_000;
export const TYPED_SIGNATURE_MAX = 100;
export const TEXT_FIELD_MAX = 200;

export const ZSignatureMark = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('drawn'),
    image: z
      .string()
      .max(DRAWN_SIGNATURE_MAX_CHARS, 'consent.signatureTooLarge')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'consent.signatureRequired'),
  }),
  z.object({
    method: z.literal('typed'),
    text: z.string().trim().min(2, 'consent.signatureRequired').max(TYPED_SIGNATURE_MAX, 'consent.signatureTooLong'),
  }),
]);
export type TSignatureMark = z.infer<typeof ZSignatureMark>;

export const POST_SIGNATURE_SIGN = call('POST', '/signature/sign');

/** `POST /signature/sign`: the values of the form's fields (by field id) and the participant's signature. */
export const ZSignRequest = z.object({
  formId: z.string(),
  values: z.record(z.string(), z.union([z.string().max(TEXT_FIELD_MAX * 2), z.boolean()])),
  signature: ZSignatureMark,
  /** The e-mailed code, when the ceremony asks for one. */
  code: z.string().max(16).optional(),
});
export type TSignRequest = z.infer<typeof ZSignRequest>;

export const GET_SIGNATURE = call('GET', '/signature');

/** `GET /signature` and the reply of a signing: whether and when (MM/DD/YYYY, UTC) consent was signed. */
export const ZSignatureStatus = z.object({ consentSigned: z.boolean(), signedDate: z.string().nullable() });
export type TSignatureStatus = z.infer<typeof ZSignatureStatus>;
export const ZSignatureStatusReply = envelope(ZSignatureStatus);

/** Error codes of the ceremony the client acts on (beyond showing the message). */
export const SIGNING_ERROR_CODES = {
  formOutdated: 'CONSENT_FORM_OUTDATED',
  alreadySigned: 'CONSENT_ALREADY_SIGNED',
  codeRequired: 'CONSENT_CODE_REQUIRED',
} as const;
