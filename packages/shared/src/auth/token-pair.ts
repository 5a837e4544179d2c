// zod/mini: the web app's session (refreshing and storing tokens) is part of its start-up (see ../api/envelope.ts);
// the login forms' rules, in full zod, are in ./login.ts, which also gives these.
import * as z from 'zod/mini';

/**
 * Why a login or code check was refused; the web app shows each in the reader's language.
 * SYSTEM_DOWN means maintenance; LOGIN_OTP_EXPIRED offers a link back to login.
 */
export const LOGIN_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_ACTIVE',
  'SYSTEM_DOWN',
  'INVALID_OTP',
  'LOGIN_OTP_EXPIRED',
  'SESSION_ENDED',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];
export const ZLoginError = z.object({ errorCode: z.enum(LOGIN_ERROR_CODES) });

/** The token pair of a sign-in or a refresh, stored in local storage under `authorize`. */
export const ZAccessTokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.int(),
  token_type: z.literal('Bearer'),
});
export type TAccessTokenResponse = z.infer<typeof ZAccessTokenResponse>;
