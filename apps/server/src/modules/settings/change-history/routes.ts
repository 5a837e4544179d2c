import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  SETTING_CHANGE_PAGE_SIZES,
  ZSettingChangesQuery,
  ZSettingChangesReply,
  GET_SETTINGS_CHANGES,
} from '@portal/shared/settings/setting-changes';
import { MINUTE_MS } from '@portal/shared/durations';
import { perIpRateLimit } from '../../../plugins/rate-limits';

/** The change history of each System Options setting: administrators only. */
export const settingChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings.changes;
  app.route({
    method: GET_SETTINGS_CHANGES.method,
    url: GET_SETTINGS_CHANGES.path,
    config: { access: 'settings.view', rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) },
    schema: {
      tags: ['settings'],
      summary:
        `The changes of one setting, paged (sizes ${SETTING_CHANGE_PAGE_SIZES.join(', ')}) and sorted by ` +
        'changedAt, newest first by default: who, when, and the whole value before and after (administrators)',
      security: [{ bearerAuth: [] }],
      querystring: ZSettingChangesQuery,
      response: { 200: ZSettingChangesReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.listChanges(request.query) }),
  });
};
