import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROLES } from '@portal/shared/constants';
import { DASHBOARD_TOKEN_HEADER, type DashboardId } from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { requestLanguage, translate } from '../../lib/localize';
import type { DashboardTokens } from './dashboard-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of a dashboard's data call: a dashboard token for that very dashboard, or else an
     * administrator's session. A token that is expired or not the portal's is 401; one for another dashboard 403.
     */
    dashboardAccess(id: DashboardId): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Lets a dashboard's figures be read with its token alone, so it can be shown full screen or on a wall display. */
export function registerDashboardAccess(app: FastifyInstance, tokens: DashboardTokens) {
  const adminOnly = app.requireRole(ROLES.admin);
  const deny = (request: FastifyRequest, reply: FastifyReply, code: 401 | 403, message: string) =>
    reply.code(code).send({ status: false, message: translate(requestLanguage(request), message) });

  app.decorate('dashboardAccess', (id: DashboardId) => async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.headers[DASHBOARD_TOKEN_HEADER];
    if (token === undefined) return adminOnly(request, reply);
    const check = typeof token === 'string' ? await tokens.check(token, app.clock.now()) : { ok: false as const };
    if (!check.ok) return deny(request, reply, 401, 'dashboards.linkExpired');
    if (check.dashboardId !== id) return deny(request, reply, 403, 'dashboards.otherDashboard');
  });
}
