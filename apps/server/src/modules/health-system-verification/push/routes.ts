import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  API_KEY_HEADER,
  PUSH_API_MESSAGES as M,
  PUSH_PARTICIPANT_PAGE_SIZES,
  PUSH_UPDATES_MAX,
  ZPushParticipantsQuery,
  ZPushParticipantsReply,
  ZPushRefusal,
  ZPushReply,
  ZPushRequest,
  GET_HEALTH_SYSTEM_API_PARTICIPANTS,
  POST_HEALTH_SYSTEM_API_VERIFICATIONS,
} from '@portal/shared/health-system-verification/push-api';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage, translate } from '../../../lib/localize';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import type { ApiKeyHolder } from '../api-keys/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The health system whose key opened a push API call; set by the key check. */
    apiKey?: ApiKeyHolder;
  }
}

/** Calls a key may make a minute, over both endpoints together (times RATE_LIMIT_FACTOR). */
const CALLS_PER_KEY_PER_MINUTE = 60;
/** A push of 10,000 statuses with generous spacing fits. */
const PUSH_BODY_LIMIT = 4_194_304;
const tags = ['health-system-api'];
const security = [{ apiKey: [] }];

/**
 * The health systems' push API: each call opens with an active key in `X-Api-Key` and stays within that key's
 * health system.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.push;
  const apiKeys = app.services.apiKeys;

  /** Finds the active key of `X-Api-Key`, if there is one; the limit and the refusal come next. */
  async function findApiKey(request: FastifyRequest) {
    const header = request.headers[API_KEY_HEADER];
    const key = typeof header === 'string' ? header.trim() : '';
    request.apiKey = key ? await apiKeys.authenticate(key) : undefined;
  }
  // One budget per key for both endpoints; a call without an active key spends its address's budget, so one
  // address trying keys is held back as well.
  const limit = app.rateLimit({
    ...perIpRateLimit(app.env, CALLS_PER_KEY_PER_MINUTE, MINUTE_MS),
    keyGenerator: (request) => (request.apiKey ? `api-key:${request.apiKey.id}` : `no-key-from:${request.ip}`),
  });
  /** An unknown and a revoked key (or none) get the same 401, before anything else is read. */
  async function requireApiKey(request: FastifyRequest, reply: FastifyReply) {
    if (!request.apiKey)
      return reply.code(401).send({ status: false, message: translate(requestLanguage(request), M.apiKeyInvalid) });
  }
  const onRequest = [findApiKey, limit, requireApiKey];

  app.route({
    method: GET_HEALTH_SYSTEM_API_PARTICIPANTS.method,
    url: GET_HEALTH_SYSTEM_API_PARTICIPANTS.path,
    onRequest,
    config: { access: 'ownKey' },
    schema: {
      tags,
      summary:
        'The participants who chose the key’s health system and consented to it confirming their care, with ' +
        'their status (pending by default; verified, rejected or all), in order of consent, paged (sizes ' +
        `${PUSH_PARTICIPANT_PAGE_SIZES.join(', ')}); participants who withdrew are left out`,
      security,
      querystring: ZPushParticipantsQuery,
      response: { 200: ZPushParticipantsReply, 400: ZErrorReply, 401: ZErrorReply, 429: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.participants(request.apiKey!, request.query) }),
  });

  app.route({
    method: POST_HEALTH_SYSTEM_API_VERIFICATIONS.method,
    url: POST_HEALTH_SYSTEM_API_VERIFICATIONS.path,
    onRequest,
    config: { access: 'ownKey' },
    bodyLimit: PUSH_BODY_LIMIT,
    schema: {
      tags,
      summary:
        `Sets up to ${PUSH_UPDATES_MAX.toLocaleString('en-US')} statuses (true Verified, false Rejected) of the ` +
        'key’s health system’s participants, all together or none: an ID given both statuses (conflicting), not ' +
        'one of the health system’s participants (notFound) or of a participant who withdrew (withdrawn) refuses ' +
        'the whole push with 422 and every such ID. The push is one batch administrators can undo for 7 days',
      security,
      body: ZPushRequest,
      response: {
        200: ZPushReply,
        400: ZErrorReply,
        401: ZErrorReply,
        413: ZErrorReply,
        422: ZPushRefusal,
        429: ZErrorReply,
      },
    },
    handler: async (request, response) => {
      const outcome = await service.push(request.apiKey!, request.body, { ip: request.ip });
      const language = requestLanguage(request);
      if (!outcome.ok) {
        return response.code(422).send({
          status: false,
          message: translate(language, M.idIssues, { count: outcome.issues.length }),
          data: { issues: outcome.issues },
        });
      }
      return {
        status: true,
        message: translate(language, M.pushed, { count: outcome.applied }),
        data: { batchId: outcome.batchId, applied: outcome.applied },
      };
    },
  });
};
