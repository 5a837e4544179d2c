import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '@portal/shared/constants';
import { ZDashboardReply, GET_DASHBOARD } from '@portal/shared/home/home';
import { MINUTE_MS } from '@portal/shared/durations';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { scopeOf } from '../../security/participant-scope';

/** `GET /dashboard` (under /common-server like every call): the signed-in home page's data. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const home = app.services.home;
  app.route({
    method: GET_DASHBOARD.method,
    url: GET_DASHBOARD.path,
    config: { access: 'signedIn', rateLimit: perIpRateLimit(app.env, 300, MINUTE_MS) },
    schema: {
      tags: ['dashboard'],
      summary: "A participant's place in the study and next step, or the administrator's summary",
      security: [{ bearerAuth: [] }],
      response: { 200: ZDashboardReply },
    },
    handler: async (request) => {
      const { userId, role } = request.auth!;
      return {
        status: true,
        data: role === ROLES.admin ? await home.staff(scopeOf(request.auth!)) : await home.participant(userId),
      };
    },
  });
};
