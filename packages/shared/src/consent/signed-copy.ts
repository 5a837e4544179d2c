import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_CONSENT_DOWNLOAD_STREAM = call('GET', '/consent/download-stream');

export const GET_CONSENT_VIEW_CONSENT = call('GET', '/consent/view-consent');

/** `GET /consent/view-consent`: who signed (their printed name) and when (MM/DD/YYYY); no data before signing. */
export const ZConsentView = z.object({ consentSignBy: z.string(), signedDate: z.string() });
export type TConsentView = z.infer<typeof ZConsentView>;
export const ZConsentViewReply = envelope(ZConsentView.nullable());

/** The file name of a downloaded signed copy. */
export const SIGNED_COPY_FILE_NAME = 'signed-informed-consent.pdf';

export const GET_CONSENT_SIGNATURES = call('GET', '/consent/signatures');

/** One signed version in `GET /consent/signatures`, newest first: who signed and when, of which version. */
const ZSignedVersion = ZConsentView.extend({
  /** The signature's id, for `GET /consent/download-stream?signatureId=`. */
  id: z.string(),
  /** The form version signed. */
  version: z.number().int(),
  /** Whether it is the participant's latest signature. */
  latest: z.boolean(),
});
export type TSignedVersion = z.infer<typeof ZSignedVersion>;
export const ZSignedVersionsReply = envelope(z.array(ZSignedVersion));
