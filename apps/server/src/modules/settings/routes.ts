import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDowntimeReply } from '@portal/shared/settings/downtime';
import { ZClientConfigReply } from '@portal/shared/client-config';
import { publicReadRateLimit } from '../../plugins/rate-limits';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings;
  const config = { rateLimit: publicReadRateLimit(app.env) };

  app.get(
    '/downtime',
    { config, schema: { tags: ['settings'], summary: 'Downtime banner and state', response: { 200: ZDowntimeReply } } },
    async () => ({ status: true, data: await service.getDowntime() }),
  );
  app.get(
    '/client-config',
    {
      config,
      schema: {
        tags: ['settings'],
        summary: 'Run-time settings for the web app (payload key, captcha, contact details)',
        response: { 200: ZClientConfigReply },
      },
    },
    async () => ({ status: true, data: await service.getClientConfig() }),
  );
};
