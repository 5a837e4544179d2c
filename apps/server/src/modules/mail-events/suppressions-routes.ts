import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { MINUTE_MS } from '@portal/shared/durations';
import {
  GET_EMAIL_SUPPRESSIONS,
  POST_EMAIL_SUPPRESSION_LIFT,
  SUPPRESSION_PAGE_SIZES,
  ZSuppressionLiftParams,
  ZSuppressionLiftReply,
  ZSuppressionsQuery,
  ZSuppressionsReply,
} from '@portal/shared/email-analytics/suppressions';
import { sendOutcome } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['email-analytics'];
const security = [{ bearerAuth: [] }];

/** The suppression list of Emails Insight: it names addresses, so it is for the roles that see failures. */
export const suppressionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.suppressions;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);

  app.route({
    method: GET_EMAIL_SUPPRESSIONS.method,
    url: GET_EMAIL_SUPPRESSIONS.path,
    config: { access: 'emails.failures', rateLimit: reads },
    schema: {
      tags,
      summary:
        `The addresses on the suppression list, paged (sizes ${SUPPRESSION_PAGE_SIZES.join(', ')}), the newest ` +
        'first: address, reason (bounce or complaint), provider, what it said, and when. They get account and ' +
        'security e-mail only (administrators)',
      security,
      querystring: ZSuppressionsQuery,
      response: { 200: ZSuppressionsReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.list(request.query) }),
  });

  app.route({
    method: POST_EMAIL_SUPPRESSION_LIFT.method,
    url: POST_EMAIL_SUPPRESSION_LIFT.path,
    config: { access: 'emails.retry', rateLimit: writes },
    schema: {
      tags,
      summary:
        'Lifts a suppression: mail of every category may go to the address again. Audited ' +
        '(emailSuppression.lifted); 409 when it was lifted already (administrators)',
      security,
      params: ZSuppressionLiftParams,
      response: { 200: ZSuppressionLiftReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.lift(request.auth!.userId, request.params.id, { ip: request.ip })),
  });
};
