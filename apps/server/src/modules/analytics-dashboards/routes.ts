import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  DASHBOARD_IDS,
  DASHBOARD_TOKEN_HEADER,
  dashboardPath,
  ZDashboardTokenQuery,
  ZDashboardTokenReply,
  GET_DOMO,
} from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { MINUTE_MS } from '@portal/shared/durations';
import { perIpRateLimit } from '../../plugins/rate-limits';

/** `GET /domo?dashBoardId=`: a short-lived token that opens one built-in dashboard (administrators). */
export const dashboardTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = app.services.dashboardLinks;
  app.route({
    method: GET_DOMO.method,
    url: GET_DOMO.path,
    config: { access: 'dashboards.share', stepUp: true, rateLimit: perIpRateLimit(app.env, 60, MINUTE_MS) },
    schema: {
      tags: ['dashboards'],
      summary:
        `A signed token, valid for one hour, that opens one built-in dashboard (${DASHBOARD_IDS.join(', ')}) ` +
        `without a session: its data calls take it in the ${DASHBOARD_TOKEN_HEADER} header and refuse it for ` +
        'any other dashboard; `path` is its full-screen page, to which the token is added as `#token=` ' +
        '(administrators)',
      security: [{ bearerAuth: [] }],
      querystring: ZDashboardTokenQuery,
      response: { 200: ZDashboardTokenReply, 400: ZErrorReply },
    },
    handler: async (request) => {
      const dashboardId = request.query.dashBoardId;
      const { token, expiresAt } = await links.issue(dashboardId, request.auth!.userId, request.ip);
      return {
        status: true,
        data: { dashboardId, token, expiresAt: expiresAt.toISOString(), path: dashboardPath(dashboardId) },
      };
    },
  });
};
