import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  ZSecurityPolicyReply,
  ZSecurityPolicyUpdateRequest,
  GET_SETTING_SECURITY_POLICY_CONFIG,
  PUT_SETTING_SECURITY_POLICY_CONFIG,
} from '@portal/shared/settings/security-policy';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendDataOutcome } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import { settingEditor } from '../../../lib/setting-editor';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

/** The security policy editor of System Options: administrators only. */
export const securityPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings.securityPolicy;

  app.route({
    method: GET_SETTING_SECURITY_POLICY_CONFIG.method,
    url: GET_SETTING_SECURITY_POLICY_CONFIG.path,
    config: { access: 'settings.view', rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) },
    schema: {
      tags,
      summary: 'The security policy, each rule’s message in English and Spanish, and its version (administrators)',
      security,
      response: { 200: ZSecurityPolicyReply },
    },
    handler: async () => ({ status: true, data: await service.getPolicy() }),
  });
  app.route({
    method: PUT_SETTING_SECURITY_POLICY_CONFIG.method,
    url: PUT_SETTING_SECURITY_POLICY_CONFIG.path,
    config: { access: 'settings.edit', stepUp: true, rateLimit: perIpRateLimit(app.env, 60, MINUTE_MS) },
    schema: {
      tags,
      summary:
        'Saves every value of the security policy, in force at once; field errors in the reader’s language; ' +
        '409 when another administrator saved since the given version (administrators)',
      security,
      body: ZSecurityPolicyUpdateRequest,
      response: { 200: ZSecurityPolicyReply, 400: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.savePolicy(request.body, settingEditor(request))),
  });
};
