import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TTokenClaims } from '@portal/shared/auth/token-claims';
import type { Role } from '@portal/shared/constants';
import { TOKEN_ALGORITHM, type TokenSigningKey } from '../../security/token-signing-key';

/** Access tokens live five minutes (issue: tokens); the web app refreshes them about a minute before. */
export const ACCESS_TOKEN_SECONDS = 300;
/** The client id of the portal's web app, carried as `azp`. */
const CLIENT_ID = 'kidney-study-portal';
const ACCESS_TOKEN_TYPE = 'Bearer';

export interface TokenSubject {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: TTokenClaims['language'];
  role: Role;
  isConsentSigned: boolean;
}

/** What a verified access token says about its bearer. */
export interface VerifiedAccess {
  userId: string;
  sessionId: string;
  role: Role;
}

const ZVerifiedPayload = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  typ: z.literal(ACCESS_TOKEN_TYPE),
  realm_access: z.object({ roles: z.array(z.string()) }),
});

/** Signs and verifies access tokens with Keycloak-shaped claims (`sub`, `email`, names, roles, consent, language). */
export function createTokenIssuer(key: TokenSigningKey, issuer: string) {
  return {
    async issueAccessToken(subject: TokenSubject, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      const claims = {
        typ: ACCESS_TOKEN_TYPE,
        sid: subject.sessionId,
        email: subject.email,
        name: `${subject.firstName} ${subject.lastName}`.trim(),
        given_name: subject.firstName,
        family_name: subject.lastName,
        isConsentSigned: subject.isConsentSigned,
        language: subject.language,
        azp: CLIENT_ID,
        realm_access: { roles: [subject.role] },
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid: key.kid })
        .setSubject(subject.userId)
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(key.privateKey);
    },

    /**
     * The bearer of a valid access token, or undefined for a token that is malformed, signed by another key,
     * unsigned (`alg: none`), of another type, from another issuer, or past `exp`.
     */
    async verifyAccessToken(token: string, now: Date): Promise<VerifiedAccess | undefined> {
      try {
        const { payload } = await jwtVerify(token, key.publicKey, {
          algorithms: [TOKEN_ALGORITHM],
          issuer,
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const parsed = ZVerifiedPayload.safeParse(payload);
        if (!parsed.success) return undefined;
        const roles = parsed.data.realm_access.roles;
        const role: Role | undefined = roles.includes('admin')
          ? 'admin'
          : roles.includes('patient')
            ? 'patient'
            : undefined;
        return role && { userId: parsed.data.sub, sessionId: parsed.data.sid, role };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
