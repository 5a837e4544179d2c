import { z } from 'zod';
import { envelope } from '../api/envelope';
import { ZAccessTokenResponse, ZLoginError } from './login';

/** `POST /refresh-token`: one use of a refresh token buys a new pair. */
export const ZRefreshTokenRequest = z.object({ refresh_token: z.string().min(1).max(512) });
export const ZRefreshTokenReply = envelope(z.union([ZAccessTokenResponse, ZLoginError]));

/**
 * `POST /logout`: ends every session of the user. A caller may pass the token as a query parameter; the web
 * app sends it in the body instead, so that no token ever appears in a URL or an access log.
 */
export const ZLogoutQuery = z.object({ token: z.string().max(4096).optional() });
export const ZLogoutRequest = z.object({ refresh_token: z.string().max(512).optional() }).nullish();
export const ZLogoutReply = envelope(z.unknown());
