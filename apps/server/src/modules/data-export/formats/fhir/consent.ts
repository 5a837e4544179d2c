import type { DatasetSignature } from '../dataset';
import { fhirId, fhirInstant, participantReference, PORTAL_URN } from './references';

/**
 * The consent form version signed, as the consent's policy (R4 requires a policy or a policy rule, ppc-1): a health
 * system's form or the study's default one, in a language, at a version.
 */
const consentFormUri = (signature: DatasetSignature) =>
  [
    `${PORTAL_URN}:consent-form`,
    signature.healthSystem === null ? 'study' : `health-system:${encodeURIComponent(signature.healthSystem)}`,
    signature.language === 'sp' ? 'es' : 'en',
    `v${signature.formVersion}`,
  ].join(':');

/**
 * A signature as a FHIR R4 Consent to take part in research, inactive once the participant withdrew.
 *
 * The signed PDF is named by its SHA-256 in `sourceAttachment.url` as an RFC 6920 `nih:sha-256;<hex>` URI (a
 * registered scheme naming content by its hash): `Attachment.hash` is by definition SHA-1, so the SHA-256 the portal
 * keeps cannot go there, and the document itself is not in the archive.
 */
export const consent = (signature: DatasetSignature, deidentified: boolean) => ({
  resourceType: 'Consent',
  id: fhirId(signature.id),
  status: signature.withdrawnAt ? 'inactive' : 'active',
  scope: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'research', display: 'Research' }],
  },
  category: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/consentcategorycodes',
          code: 'research',
          display: 'Research Information Access',
        },
      ],
    },
  ],
  patient: participantReference(deidentified, signature.participant),
  dateTime: fhirInstant(signature.signedAt),
  policy: [{ uri: consentFormUri(signature) }],
  sourceAttachment: {
    contentType: 'application/pdf',
    language: signature.language === 'sp' ? 'es' : 'en',
    ...(signature.document && {
      url: `nih:sha-256;${signature.document.sha256}`,
      size: signature.document.bytes,
    }),
    title: signature.event === 'reconsent' ? 'Signed re-consent form' : 'Signed consent form',
  },
  provision: {
    type: 'permit',
    period: {
      start: fhirInstant(signature.signedAt),
      ...(signature.withdrawnAt && { end: fhirInstant(signature.withdrawnAt) }),
    },
  },
});
