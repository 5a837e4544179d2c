// zod/mini: the web app reads these settings at start-up (see ./api/envelope.ts).
import * as z from 'zod/mini';
import { envelope } from './api/envelope';
import { call } from './api/call';

const ZLocalizedText = z.object({ en: z.string(), sp: z.string() });

/** Study contact details shown in the footer, contact page and help; settings the study may change. */
export const ZContactSettings = z.object({
  phone: z.string(),
  extension: z.string(),
  email: z.string(),
  helpDeskUrl: z.string(),
  hours: ZLocalizedText,
  hoursAlternate: ZLocalizedText,
});
export type TContactSettings = z.infer<typeof ZContactSettings>;

/** The contact details seeded on first start, until the study sets its own. */
export const DEFAULT_CONTACT: TContactSettings = {
  phone: '1-800-555-0100',
  extension: '100',
  email: 'study@example.org',
  helpDeskUrl: 'https://help.example.org',
  hours: {
    en: 'Monday to Friday, 10am to 4pm Central',
    sp: 'De lunes a viernes, de 10 a. m. a 4 p. m., hora del Centro',
  },
  hoursAlternate: {
    en: 'Monday to Friday, 9am to 7pm CT',
    sp: 'De lunes a viernes, de 9 a. m. a 7 p. m., hora del Centro',
  },
};

export const GET_CLIENT_CONFIG = call('GET', '/client-config');

/** `GET /client-config`: what the web app needs at run time, so no setting needs a rebuild. */
export const ZClientConfig = z.object({
  payloadKey: z.string(),
  captchaEnabled: z.boolean(),
  contact: ZContactSettings,
  /** Minutes without activity before a signed-in user is signed out (security policy). */
  inactiveSessionTimeoutInMin: z.int().check(z.positive()),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;
export const ZClientConfigReply = envelope(ZClientConfig);
