import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';
import { LEAVABLE_MAIL_CATEGORIES } from './categories';

/** How long an unsubscribe link of an e-mail works, from the moment the e-mail left. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** The web page an e-mail's unsubscribe link opens (`?token=`): no sign-in needed. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The field and value of RFC 8058's one-click POST body, sent by the recipient's mail app. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'unsubscribe.refused.invalid',
  expired: 'unsubscribe.refused.expired',
  replayed: 'unsubscribe.refused.replayed',
  alwaysSent: 'unsubscribe.refused.alwaysSent',
  left: 'unsubscribe.left',
} as const;

export const GET_MAIL_UNSUBSCRIBE = call('GET', '/mail-preferences/unsubscribe');
export const POST_MAIL_UNSUBSCRIBE = call('POST', '/mail-preferences/unsubscribe');

/** `?token=` of both calls: the signed token of the e-mail's link. */
export const ZUnsubscribeQuery = z.object({ token: z.string().max(400).optional() });

/**
 * `GET /mail-preferences/unsubscribe?token=`: what the link stops and whether it is stopped already; nothing about
 * the person. `POST` answers the same once the category is left (`alreadyLeft` true when it was before).
 */
export const ZUnsubscribeLink = z.object({
  category: z.enum(LEAVABLE_MAIL_CATEGORIES),
  alreadyLeft: z.boolean(),
});
export type TUnsubscribeLink = z.infer<typeof ZUnsubscribeLink>;
export const ZUnsubscribeReply = envelope(ZUnsubscribeLink);

/**
 * The POST's body: RFC 8058's `List-Unsubscribe=One-Click` from a mail app (application/x-www-form-urlencoded, or
 * multipart/form-data, which the route reads itself and so arrives here as null), or a JSON object from the
 * portal's page.
 */
export const ZUnsubscribeBody = z.record(z.string(), z.unknown()).nullish();
