import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  API_KEY_PAGE_SIZES,
  ZApiKeyParams,
  ZApiKeyRevokeReply,
  ZApiKeyRequest,
  ZApiKeysQuery,
  ZApiKeysReply,
  ZIssuedApiKeyReply,
  GET_HEALTH_SYSTEM_API_KEYS,
  POST_HEALTH_SYSTEM_API_KEYS,
  DELETE_HEALTH_SYSTEM_API_KEYS,
} from '@portal/shared/health-system-verification/push-api';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendDataOutcome, sendOutcome } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';

const tags = ['health-system-verification'];
const security = [{ bearerAuth: [] }];

/** The health systems' API keys in System Options → Health System Verification: administrators only. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.apiKeys;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);

  app.route({
    method: GET_HEALTH_SYSTEM_API_KEYS.method,
    url: GET_HEALTH_SYSTEM_API_KEYS.path,
    config: { access: 'apiKeys.view', rateLimit: reads },
    schema: {
      tags,
      summary:
        `The health systems' API keys, paged (sizes ${API_KEY_PAGE_SIZES.join(', ')}): active keys first, then the ` +
        'newest; each with its first characters, never the key (administrators)',
      security,
      querystring: ZApiKeysQuery,
      response: { 200: ZApiKeysReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.list(request.query) }),
  });

  app.route({
    method: POST_HEALTH_SYSTEM_API_KEYS.method,
    url: POST_HEALTH_SYSTEM_API_KEYS.path,
    config: { access: 'apiKeys.manage', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary:
        'Issues a key to a health system’s push API, labelled with who holds it. The reply carries the key this ' +
        'once; only its SHA-256 is kept (administrators)',
      security,
      body: ZApiKeyRequest,
      response: { 200: ZIssuedApiKeyReply, 400: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.issue(request.auth!.userId, request.body, { ip: request.ip })),
  });

  app.route({
    method: DELETE_HEALTH_SYSTEM_API_KEYS.method,
    url: DELETE_HEALTH_SYSTEM_API_KEYS.path,
    config: { access: 'apiKeys.manage', rateLimit: writes },
    schema: {
      tags,
      summary: 'Revokes a key: from then on the push API answers it 401 (administrators)',
      security,
      params: ZApiKeyParams,
      response: { 200: ZApiKeyRevokeReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.revoke(request.auth!.userId, request.params.id, { ip: request.ip })),
  });
};
