import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_BASE, ROLES } from '@portal/shared/constants';
import { DASHBOARD_TOKEN_HEADER, type DashboardId } from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { can, isStaffRole, type Permission } from '@portal/shared/staff/roles';
import { SECOND_FACTOR_MESSAGES, STEP_UP_REQUIRED, type FactorKind } from '@portal/shared/staff/second-factor';
import { requestLanguage, translate } from '../lib/localize';
import type { DashboardTokens } from '../modules/analytics-dashboards/dashboard-tokens';
import type { VerifiedAccess } from '../security/verified-access';

/**
 * Who may make a call, declared on every route of the API:
 * - `public`: anyone;
 * - `ownKey`: a key of the call's own (a health system's API key, the metrics token), checked by its own hooks;
 * - `signedIn`: any open session;
 * - `patient`: a participant's session;
 * - `staff`: any staff member's session;
 * - a permission: a staff member whose role has it (see `ROLE_PERMISSIONS`).
 */
export type RouteAccess = 'public' | 'ownKey' | 'signedIn' | 'patient' | 'staff' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call; a route of the API without it is refused when it is registered. */
    access?: RouteAccess;
    /** A dashboard's data call: its dashboard token stands in for a session (the permission still applies without one). */
    dashboard?: DashboardId;
    /** The message key of the 403 of a role that may not make the call. */
    forbidden?: string;
    /**
     * A dangerous action: the staff member must have given their second factor in this session within the last
     * STEP_UP_MINUTES (5) minutes, else the call is refused with 403 STEP_UP_REQUIRED ("Confirm it's you").
     */
    stepUp?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user of an authenticated call. */
    auth?: VerifiedAccess;
  }
  interface FastifyInstance {
    /** Every API route with the access it declares, in the order they were registered. */
    readonly routeAccess: { method: string; url: string; access: RouteAccess }[];
    /** Checks a request against an access rule as the API's routes are checked; replies 401 or 403 when it fails. */
    checkAccess(request: FastifyRequest, reply: FastifyReply, access: RouteAccess): Promise<void>;
  }
}

/** The bearer token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Whether a verified caller meets an access rule that needs a session. */
function allowed(auth: VerifiedAccess, access: Exclude<RouteAccess, 'public' | 'ownKey'>): boolean {
  switch (access) {
    case 'signedIn':
      return true;
    case 'patient':
      return auth.role === ROLES.patient;
    case 'staff':
      return auth.role === ROLES.admin && isStaffRole(auth.staffRole);
    default:
      return auth.role === ROLES.admin && can(auth.staffRole, access);
  }
}

/**
 * The API's one authorization layer. Every route under the API's base path declares its access (a route without
 * one stops the server from starting), and this checks it before any other hook of the route: deny by default.
 * Role and health systems come from the database with the session on every call, so a change applies at once.
 */
export function registerAccess(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<VerifiedAccess | undefined>,
  dashboardTokens: DashboardTokens,
  stepUpNeeded: (auth: VerifiedAccess) => Promise<FactorKind[] | undefined>,
) {
  const deny = (request: FastifyRequest, reply: FastifyReply, code: 401 | 403, message: string) =>
    reply.code(code).send({ status: false, message: translate(requestLanguage(request), message) });

  const routeAccess: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routeAccess);

  async function checkAccess(request: FastifyRequest, reply: FastifyReply, access: RouteAccess) {
    if (access === 'public' || access === 'ownKey') return;
    const dashboard = request.routeOptions.config.dashboard;
    const dashboardToken = request.headers[DASHBOARD_TOKEN_HEADER];
    if (dashboard && dashboardToken !== undefined) {
      const check =
        typeof dashboardToken === 'string'
          ? await dashboardTokens.check(dashboardToken, app.clock.now())
          : { ok: false as const };
      if (!check.ok) return deny(request, reply, 401, 'dashboards.linkExpired');
      if (check.dashboardId !== dashboard) return deny(request, reply, 403, 'dashboards.otherDashboard');
      return;
    }
    const token = bearerToken(request);
    const auth = token ? await authenticate(token) : undefined;
    if (!auth) return deny(request, reply, 401, 'error.unauthorized');
    request.auth = auth;
    if (!allowed(auth, access))
      return deny(request, reply, 403, request.routeOptions.config.forbidden ?? 'error.forbidden');
    if (request.routeOptions.config.stepUp) {
      const factors = await stepUpNeeded(auth);
      if (factors)
        return reply.code(403).send({
          status: false,
          message: translate(requestLanguage(request), SECOND_FACTOR_MESSAGES.stepUpRequired),
          data: { errorCode: STEP_UP_REQUIRED, factors },
        });
    }
  }
  app.decorate('checkAccess', checkAccess);

  // A route that needs a session gets the check as its first hook of its own (after the app's hooks of every
  // request); a public route has none, so its calls pay nothing for it.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url?.startsWith(API_BASE)) {
      const methods = [route.method].flat();
      if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access (config.access)`);
      for (const method of methods) if (method !== 'HEAD') routeAccess.push({ method, url: route.url, access });
    }
    if (!access || access === 'public' || access === 'ownKey') return;
    const check: onRequestHookHandler = (request, reply, done) => {
      checkAccess(request, reply, access).then(() => done(), done);
    };
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}
