import { z } from 'zod';
import { envelope } from '../api/envelope';

/** `GET /consent/view-consent`: who signed (their printed name) and when (MM/DD/YYYY); no data before signing. */
export const ZConsentView = z.object({ consentSignBy: z.string(), signedDate: z.string() });
export type TConsentView = z.infer<typeof ZConsentView>;
export const ZConsentViewReply = envelope(ZConsentView.nullable());

/** The file name of a downloaded signed copy. */
export const SIGNED_COPY_FILE_NAME = 'signed-informed-consent.pdf';
