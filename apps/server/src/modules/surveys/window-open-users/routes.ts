import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  COMPLETION_DAYS,
  OPENED_USERS_PAGE_SIZES,
  ZOpenedUsersQuery,
  ZOpenedUsersReply,
  ZSurveyCompletionQuery,
  ZSurveyCompletionReply,
  ZSurveyReportCountReply,
  GET_SURVEY_OPENED_USERS,
  GET_SURVEY_REPORT_COUNT,
  GET_SURVEY_REPORT_COMPLETION,
} from '@portal/shared/surveys/opened-users';
import { MINUTE_MS } from '@portal/shared/durations';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import { scopeOf } from '../../../security/participant-scope';

const tags = ['surveys'];
const security = [{ bearerAuth: [] }];

/** The Survey Window Open Users tab of System Options: administrators only. */
export const openedUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.openedUsers;
  const config = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };

  app.route({
    method: GET_SURVEY_OPENED_USERS.method,
    url: GET_SURVEY_OPENED_USERS.path,
    config: { access: 'surveyWindow.view', ...config },
    schema: {
      tags,
      summary:
        'Participants who have not withdrawn and whose survey round window is open now, paged (sizes ' +
        `${OPENED_USERS_PAGE_SIZES.join(', ')}) and sorted by closesAt (soonest first by default), opensAt or ` +
        'email: the round, when its window opened and closes, and per questionnaire (in round order) notStarted, ' +
        'started or submitted (administrators)',
      security,
      querystring: ZOpenedUsersQuery,
      response: { 200: ZOpenedUsersReply, 400: ZErrorReply },
    },
    handler: async (request) => ({
      status: true,
      data: await service.listOpenedUsers(scopeOf(request.auth!), request.query),
    }),
  });

  app.route({
    method: GET_SURVEY_REPORT_COUNT.method,
    url: GET_SURVEY_REPORT_COUNT.path,
    config: { access: 'dashboards.view', dashboard: 'survey-window-open-users', ...config },
    schema: {
      tags,
      summary:
        'Round windows open now of participants who have not withdrawn (openWindows), and of them: notStarted ' +
        '(no questionnaire started), started (at least one started, not every one submitted) and submitted ' +
        '(every questionnaire submitted); the three add up to openWindows (administrators, or the dashboard token)',
      security,
      response: { 200: ZSurveyReportCountReply },
    },
    handler: async () => ({ status: true, data: await service.count() }),
  });

  app.route({
    method: GET_SURVEY_REPORT_COMPLETION.method,
    url: GET_SURVEY_REPORT_COMPLETION.path,
    config: { access: 'dashboards.view', dashboard: 'survey-window-open-users', ...config },
    schema: {
      tags,
      summary:
        `Per calendar day of the study's time zone over the last days (${COMPLETION_DAYS.min} to ` +
        `${COMPLETION_DAYS.max}, ${COMPLETION_DAYS.default} by default; today last): openWindows, the round ` +
        'windows open at any moment of the day whose participant had not withdrawn before it, and submitted, ' +
        'the round questionnaires submitted that day (administrators, or the dashboard token)',
      security,
      querystring: ZSurveyCompletionQuery,
      response: { 200: ZSurveyCompletionReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.completion(request.query.days) }),
  });
};
