import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const COMMUNICATION_MESSAGES = {
  atLeastOne: 'error.communication.atLeastOne',
  updated: 'account.communication.updated',
} as const;

/**
 * E-mail and newsletter subscriptions. `emailSubscription`
 * covers study e-mails such as reminders; `newsletterSubscription` the study newsletter. Security and consent
 * messages are sent either way. At least one stays ticked.
 */
export const ZCommunicationPreferences = z
  .object({
    emailSubscription: z.boolean({ error: COMMUNICATION_MESSAGES.atLeastOne }),
    newsletterSubscription: z.boolean({ error: COMMUNICATION_MESSAGES.atLeastOne }),
  })
  .refine((v) => v.emailSubscription || v.newsletterSubscription, {
    message: COMMUNICATION_MESSAGES.atLeastOne,
    path: ['emailSubscription'],
  });
export type TCommunicationPreferences = z.infer<typeof ZCommunicationPreferences>;

export const GET_COMMUNICATION_PREFERENCES_VIEW = call('GET', '/communication-preferences/view');

/** `GET /communication-preferences/view`. */
export const ZCommunicationPreferencesReply = envelope(
  z.object({ emailSubscription: z.boolean(), newsletterSubscription: z.boolean() }),
);
export const PUT_COMMUNICATION_PREFERENCES_UPDATE = call('PUT', '/communication-preferences/update');

/** `PUT /communication-preferences/update`: the request is the plain object, checked by the service. */
export const ZCommunicationPreferencesUpdate = z.object({
  emailSubscription: z.unknown(),
  newsletterSubscription: z.unknown(),
});
export const ZCommunicationPreferencesUpdateReply = envelope(z.unknown());
