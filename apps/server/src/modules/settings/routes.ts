import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { ZDowntimeReply, ZDowntimeUpdate, GET_DOWNTIME, POST_DOWNTIME } from '@portal/shared/settings/downtime';
import { ZClientConfigReply, GET_CLIENT_CONFIG } from '@portal/shared/client-config';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendDataOutcome } from '../../lib/outcome';
import { perIpRateLimit, publicReadRateLimit } from '../../plugins/rate-limits';
import { reminderRoutes } from './reminders/routes';
import { securityPolicyRoutes } from './security-policy/routes';
import { settingChangesRoutes } from './change-history/routes';
import { settingEditor } from '../../lib/setting-editor';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings;
  const config = { rateLimit: publicReadRateLimit(app.env) };

  app.route({
    method: GET_DOWNTIME.method,
    url: GET_DOWNTIME.path,
    config: { access: 'public', ...config },
    schema: { tags: ['settings'], summary: 'Downtime banner and state', response: { 200: ZDowntimeReply } },
    handler: async () => ({ status: true, data: await service.getDowntime() }),
  });
  app.route({
    method: POST_DOWNTIME.method,
    url: POST_DOWNTIME.path,
    config: { access: 'settings.edit', rateLimit: perIpRateLimit(app.env, 60, MINUTE_MS) },
    schema: {
      tags: ['settings'],
      summary:
        'Saves the downtime window and banner messages; 409 when another administrator saved since the given ' +
        'version (administrators)',
      security: [{ bearerAuth: [] }],
      body: ZDowntimeUpdate,
      response: { 200: ZDowntimeReply, 400: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.saveDowntime(request.body, settingEditor(request))),
  });
  app.route({
    method: GET_CLIENT_CONFIG.method,
    url: GET_CLIENT_CONFIG.path,
    config: { access: 'public', ...config },
    schema: {
      tags: ['settings'],
      summary: 'Run-time settings for the web app (payload key, captcha, contact details)',
      response: { 200: ZClientConfigReply },
    },
    handler: async () => ({ status: true, data: await service.getClientConfig() }),
  });
  await app.register(reminderRoutes);
  await app.register(securityPolicyRoutes);
  await app.register(settingChangesRoutes);
};
