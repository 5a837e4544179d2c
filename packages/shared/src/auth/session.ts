// zod/mini: the web app refreshes and ends sessions from its start-up code (see ../api/envelope.ts).
import * as z from 'zod/mini';
import { envelope } from '../api/envelope';
import { ZAccessTokenResponse, ZLoginError } from './token-pair';
import { call } from '../api/call';

export const POST_REFRESH_TOKEN = call('POST', '/refresh-token');

/** `POST /refresh-token`: one use of a refresh token buys a new pair. */
export const ZRefreshTokenRequest = z.object({ refresh_token: z.string().check(z.minLength(1), z.maxLength(512)) });
export const ZRefreshTokenReply = envelope(z.union([ZAccessTokenResponse, ZLoginError]));

export const POST_LOGOUT = call('POST', '/logout');

/**
 * `POST /logout`: ends every session of the user. A caller may pass the token as a query parameter; the web
 * app sends it in the body instead, so that no token ever appears in a URL or an access log.
 */
export const ZLogoutQuery = z.object({ token: z.optional(z.string().check(z.maxLength(4096))) });
export const ZLogoutRequest = z.nullish(z.object({ refresh_token: z.optional(z.string().check(z.maxLength(512))) }));
export const ZLogoutReply = envelope(z.unknown());
