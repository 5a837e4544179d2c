import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '@portal/shared/constants';
import { ZDashboardReply } from '@portal/shared/dashboard/dashboard';
import { perIpRateLimit } from '../../plugins/rate-limits';

/** `GET /dashboard` (under /common-server like every call): the signed-in home page's data. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = app.services.dashboard;
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate,
      config: { rateLimit: perIpRateLimit(app.env, 300, 60_000) },
      schema: {
        tags: ['dashboard'],
        summary: "A participant's place in the study and next step, or the administrator's summary",
        security: [{ bearerAuth: [] }],
        response: { 200: ZDashboardReply },
      },
    },
    async (request) => {
      const { userId, role } = request.auth!;
      return {
        status: true,
        data: role === ROLES.admin ? await dashboard.admin() : await dashboard.participant(userId),
      };
    },
  );
};
