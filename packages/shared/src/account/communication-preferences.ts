import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';
import type { LeavableMailCategory } from '../mail/categories';

export const COMMUNICATION_MESSAGES = {
  atLeastOne: 'error.communication.atLeastOne',
  categoriesInvalid: 'error.communication.categoriesInvalid',
  updated: 'account.communication.updated',
} as const;

/**
 * The e-mail categories a participant may leave one by one, each true while they get it. Beside the spec's two
 * subscriptions: an e-mail of a category goes only when both its subscription (e-mail for reminders and
 * invitations, newsletter for news) and its category are on.
 */
export const ZMailCategoryChoices = z.object({
  reminders: z.boolean(),
  invitations: z.boolean(),
  news: z.boolean(),
}) satisfies z.ZodType<Record<LeavableMailCategory, boolean>>;
export type TMailCategoryChoices = z.infer<typeof ZMailCategoryChoices>;

/** The categories an update names; one left out stays as it is. */
export const ZMailCategoryUpdate = ZMailCategoryChoices.partial().strict();

/**
 * E-mail and newsletter subscriptions. `emailSubscription`
 * covers study e-mails such as reminders; `newsletterSubscription` the study newsletter. Security and consent
 * messages are sent either way. At least one stays ticked.
 */
export const ZCommunicationPreferences = z
  .object({
    emailSubscription: z.boolean({ error: COMMUNICATION_MESSAGES.atLeastOne }),
    newsletterSubscription: z.boolean({ error: COMMUNICATION_MESSAGES.atLeastOne }),
    /** Optional beside the spec's body: without it the categories stay as they are. */
    categories: ZMailCategoryUpdate.optional(),
  })
  .refine((v) => v.emailSubscription || v.newsletterSubscription, {
    message: COMMUNICATION_MESSAGES.atLeastOne,
    path: ['emailSubscription'],
  });
export type TCommunicationPreferences = z.infer<typeof ZCommunicationPreferences>;

export const GET_COMMUNICATION_PREFERENCES_VIEW = call('GET', '/communication-preferences/view');

/** `GET /communication-preferences/view`: the spec's two subscriptions, and the categories beside them. */
export const ZCommunicationPreferencesView = z.object({
  emailSubscription: z.boolean(),
  newsletterSubscription: z.boolean(),
  categories: ZMailCategoryChoices,
});
export type TCommunicationPreferencesView = z.infer<typeof ZCommunicationPreferencesView>;
export const ZCommunicationPreferencesReply = envelope(ZCommunicationPreferencesView);
export const PUT_COMMUNICATION_PREFERENCES_UPDATE = call('PUT', '/communication-preferences/update');

/**
 * `PUT /communication-preferences/update`: the request is the plain object, checked by the service; `categories`
 * (optional) sets the categories it names.
 */
export const ZCommunicationPreferencesUpdate = z.object({
  emailSubscription: z.unknown(),
  newsletterSubscription: z.unknown(),
  categories: z.unknown().optional(),
});
export const ZCommunicationPreferencesUpdateReply = envelope(z.unknown());
