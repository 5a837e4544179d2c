import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  ZSurveyPeriodReply,
  ZSurveyPeriodUpdateRequest,
  GET_SURVEY_CONFIG_PERIOD,
  PUT_SURVEY_CONFIG_PERIOD,
} from '@portal/shared/surveys/survey-period';
import type { FastifyRequest } from 'fastify';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage, translate } from '../../../lib/localize';
import { sendDataOutcome } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import { settingEditor } from '../../../lib/setting-editor';

/** The period as its reader sees it: the description of what it counts in the reader's language. */
const described = <T extends object>(request: FastifyRequest, period: T) => ({
  ...period,
  description: translate(requestLanguage(request), 'surveySettings.periodDescription'),
});

/** The survey period editor of System Options: administrators only. */
export const surveyPeriodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: GET_SURVEY_CONFIG_PERIOD.method,
    url: GET_SURVEY_CONFIG_PERIOD.path,
    config: { access: 'settings.view', rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) },
    schema: {
      tags: ['surveys'],
      summary: 'The survey period: days a survey round stays open, with its version (administrators)',
      security: [{ bearerAuth: [] }],
      response: { 200: ZSurveyPeriodReply },
    },
    handler: async (request) => ({
      status: true,
      data: described(request, await app.services.surveySchedule.getPeriodConfig()),
    }),
  });
  app.route({
    method: PUT_SURVEY_CONFIG_PERIOD.method,
    url: PUT_SURVEY_CONFIG_PERIOD.path,
    config: { access: 'settings.edit', rateLimit: perIpRateLimit(app.env, 60, MINUTE_MS) },
    schema: {
      tags: ['surveys'],
      summary:
        'Saves the survey period, 1 to 365 days; rounds already open keep their window; 409 when another ' +
        'administrator saved since the given version (administrators)',
      security: [{ bearerAuth: [] }],
      body: ZSurveyPeriodUpdateRequest,
      response: { 200: ZSurveyPeriodReply, 400: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) => {
      const saved = await app.services.surveySchedule.savePeriod(request.body, settingEditor(request));
      return sendDataOutcome(request, response, saved.ok ? { ...saved, data: described(request, saved.data) } : saved);
    },
  });
};
