import { z } from 'zod';
import { envelope } from './api/envelope';

const ZLocalizedText = z.object({ en: z.string(), sp: z.string() });

/** Study contact details shown in the footer, contact page and help (DECISIONS.md: settings). */
export const ZContactSettings = z.object({
  phone: z.string(),
  extension: z.string(),
  email: z.string(),
  helpDeskUrl: z.string(),
  hours: ZLocalizedText,
  hoursAlternate: ZLocalizedText,
});
export type TContactSettings = z.infer<typeof ZContactSettings>;

/** `GET /client-config`: what the web app needs at run time, so no setting needs a rebuild. */
export const ZClientConfig = z.object({
  payloadKey: z.string(),
  captchaEnabled: z.boolean(),
  contact: ZContactSettings,
  /** Minutes without activity before a signed-in user is signed out (security policy). */
  inactiveSessionTimeoutInMin: z.number().int().positive(),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;
export const ZClientConfigReply = envelope(ZClientConfig);
