import { constants, randomUUID, sign } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { TTokenClaims } from '@portal/shared/auth/token-claims';
import type { Role } from '@portal/shared/constants';
import type { StaffRole } from '@portal/shared/staff/roles';
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
  /** A staff member's role, carried beside the realm role `admin`. */
  staffRole?: StaffRole;
  isConsentSigned: boolean;
}

/** Who an access token names; the account's role and health systems now are read with its session. */
export interface TokenBearer {
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

const base64url = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');

/**
 * Signs JWS compact tokens with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) under the portal's key, as jose's `SignJWT`
 * does, through node's crypto directly: every sign-in and refresh signs one, and a direct signature spends less
 * than WebCrypto's job on the thread pool (where it also queued behind the password hashes).
 */
function rs256Signer(key: TokenSigningKey) {
  const privateKey = key.signingKey;
  // What jose checks before it signs with RS256: a private RSA key of at least 2048 bits.
  if (
    privateKey.type !== 'private' ||
    privateKey.asymmetricKeyType !== 'rsa' ||
    (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048
  )
    throw new Error('the token signing key must be a private RSA key of at least 2048 bits');
  const header = base64url({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid: key.kid });
  return (payload: object) => {
    const input = `${header}.${base64url(payload)}`;
    const signature = sign('sha256', Buffer.from(input), { key: privateKey, padding: constants.RSA_PKCS1_PADDING });
    return `${input}.${signature.toString('base64url')}`;
  };
}

/** Signs and verifies access tokens with Keycloak-shaped claims (`sub`, `email`, names, roles, consent, language). */
export function createTokenIssuer(key: TokenSigningKey, issuer: string) {
  const signToken = rs256Signer(key);
  return {
    async issueAccessToken(subject: TokenSubject, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return signToken({
        typ: ACCESS_TOKEN_TYPE,
        sid: subject.sessionId,
        email: subject.email,
        name: `${subject.firstName} ${subject.lastName}`.trim(),
        given_name: subject.firstName,
        family_name: subject.lastName,
        isConsentSigned: subject.isConsentSigned,
        language: subject.language,
        azp: CLIENT_ID,
        realm_access: { roles: subject.staffRole ? [subject.role, subject.staffRole] : [subject.role] },
        sub: subject.userId,
        iss: issuer,
        iat,
        exp: iat + ACCESS_TOKEN_SECONDS,
        jti: randomUUID(),
      });
    },

    /**
     * The bearer of a valid access token, or undefined for a token that is malformed, signed by another key,
     * unsigned (`alg: none`), of another type, from another issuer, or past `exp`.
     */
    async verifyAccessToken(token: string, now: Date): Promise<TokenBearer | undefined> {
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
