import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  ZReminderDeleteQuery,
  ZReminderScheduleReply,
  ZReminderSaveRequest,
  ZReminderTypeQuery,
  GET_SETTINGS_REMINDER,
  POST_SETTINGS_REMINDER,
  DELETE_SETTINGS_REMINDER,
} from '@portal/shared/settings/reminders';
import { sendDataOutcome } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import { settingEditor } from '../../../lib/setting-editor';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

/** The reminder schedules of System Options: administrators only. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings.reminders;
  const read = { rateLimit: perIpRateLimit(app.env, 120, 60_000) };
  const write = { rateLimit: perIpRateLimit(app.env, 60, 60_000) };

  app.route({
    method: GET_SETTINGS_REMINDER.method,
    url: GET_SETTINGS_REMINDER.path,
    config: { access: 'settings.view', ...read },
    schema: {
      tags,
      summary: 'A reminder schedule: days after its event, with its version (administrators)',
      security,
      querystring: ZReminderTypeQuery,
      response: { 200: ZReminderScheduleReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.getSchedule(request.query.type) }),
  });
  app.route({
    method: POST_SETTINGS_REMINDER.method,
    url: POST_SETTINGS_REMINDER.path,
    config: { access: 'settings.edit', ...write },
    schema: {
      tags,
      summary:
        'Saves one reminder (`days`, with `id` to change that reminder’s day) or replaces the whole schedule ' +
        '(`reminders`: rows with an id keep it, new rows get one, rows left out are removed); days 1 to 365, no ' +
        'duplicates; 409 when another administrator saved since the version in the body or If-Match (administrators)',
      security,
      querystring: ZReminderTypeQuery,
      body: ZReminderSaveRequest,
      response: { 200: ZReminderScheduleReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.save(request.query.type, request.body, settingEditor(request))),
  });
  app.route({
    method: DELETE_SETTINGS_REMINDER.method,
    url: DELETE_SETTINGS_REMINDER.path,
    config: { access: 'settings.edit', ...write },
    schema: {
      tags,
      summary: 'Removes one reminder; 404 when it no longer exists (administrators)',
      security,
      querystring: ZReminderDeleteQuery,
      response: { 200: ZReminderScheduleReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) => {
      const { type, ...reminder } = request.query;
      return sendDataOutcome(request, response, await service.deleteReminder(type, reminder, settingEditor(request)));
    },
  });
};
