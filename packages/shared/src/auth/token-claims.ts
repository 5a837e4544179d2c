// zod/mini: the web app reads stored tokens before its first render, which must not wait for the full zod.
import * as z from 'zod/mini';
import { LANGUAGES } from '../constants';

/** The claims every access token carries at least, Keycloak-shaped. */
export const ZTokenClaims = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  isConsentSigned: z.boolean(),
  language: z.enum(LANGUAGES),
  exp: z.number(),
  iat: z.number(),
  azp: z.string(),
  realm_access: z.object({ roles: z.array(z.string()) }),
});
export type TTokenClaims = z.infer<typeof ZTokenClaims>;

/**
 * Stored in local storage under `authorize`, with the access token's expiry on the
 * device's own clock (milliseconds).
 */
export const ZStoredAuth = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_at: z.optional(z.number()),
});
export type TStoredAuth = z.infer<typeof ZStoredAuth>;
