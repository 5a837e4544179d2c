import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import {
  DASHBOARD_TOKEN_SECONDS,
  ZDashboardId,
  type DashboardId,
} from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { TOKEN_ALGORITHM, type TokenSigningKey } from '../../security/token-signing-key';

/** A dashboard token is no access token: its own type and audience, so neither is taken for the other. */
const DASHBOARD_TOKEN_TYPE = 'Dashboard';
const AUDIENCE = 'dashboard';

const ZDashboardClaims = z.object({ typ: z.literal(DASHBOARD_TOKEN_TYPE), dsh: ZDashboardId });

export type DashboardTokenCheck = { ok: true; dashboardId: DashboardId } | { ok: false };

/** Signs and checks the short-lived tokens that open one built-in dashboard without a session. */
export function createDashboardTokens(key: TokenSigningKey, issuer: string) {
  return {
    /** A token for one dashboard, issued to an administrator, valid for an hour from `now`. */
    async issue(dashboardId: DashboardId, adminId: string, now: Date) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + DASHBOARD_TOKEN_SECONDS;
      const token = await new SignJWT({ typ: DASHBOARD_TOKEN_TYPE, dsh: dashboardId })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid: key.kid })
        .setSubject(adminId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key.privateKey);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    /** The dashboard a token opens; not ok when it is malformed, foreign, of another type or past its hour. */
    async check(token: string, now: Date): Promise<DashboardTokenCheck> {
      try {
        const { payload } = await jwtVerify(token, key.publicKey, {
          algorithms: [TOKEN_ALGORITHM],
          issuer,
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const claims = ZDashboardClaims.safeParse(payload);
        return claims.success ? { ok: true, dashboardId: claims.data.dsh } : { ok: false };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return { ok: false };
        throw error;
      }
    },
  };
}
export type DashboardTokens = ReturnType<typeof createDashboardTokens>;
