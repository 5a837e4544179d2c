import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { ZUserDetailsReply } from '@portal/shared/auth/user-details';
import { requestLanguage, translate } from '../../lib/localize';
import { perIpRateLimit } from '../../plugins/rate-limits';

const MINUTE_MS = 60_000;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.account;

  app.get(
    '/keycloak/user',
    {
      onRequest: app.authenticate,
      config: { rateLimit: perIpRateLimit(app.env, 300, MINUTE_MS) },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s details',
        security: [{ bearerAuth: [] }],
        response: { 200: ZUserDetailsReply, 401: ZErrorReply },
      },
    },
    async (request, response) => {
      const details = await service.getUserDetails(request.auth!.userId);
      if (!details)
        return response
          .code(401)
          .send({ status: false, message: translate(requestLanguage(request), 'error.unauthorized') });
      return { status: true, data: details };
    },
  );
};
