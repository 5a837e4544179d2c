import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  ONE_TIME_LIST_SIZES,
  ONE_TIME_MESSAGES,
  ONE_TIME_USER_SIZES,
  ZOneTimeDetailReply,
  ZOneTimeFailureQuery,
  ZOneTimeFailureReply,
  ZOneTimeListQuery,
  ZOneTimeListReply,
  ZOneTimeSavedReply,
  ZOneTimeStatsReply,
  ZOneTimeSurveyInput,
  ZOneTimeSurveyUpdate,
  ZOneTimeUsersQuery,
  ZOneTimeUsersReply,
  ZParticipantCheckReply,
  ZParticipantCheckRequest,
  POST_SURVEY_ONE_TIME,
  PUT_SURVEY_ONE_TIME,
  POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK,
  GET_SURVEY_ONE_TIME,
  GET_SURVEY_ONE_TIME_DETAIL,
  GET_SURVEY_ONE_TIME_USERS,
  GET_SURVEY_ONE_TIME_FAILURE,
  GET_SURVEY_ONE_TIME_STATS,
} from '@portal/shared/surveys/one-time-surveys';
import { MINUTE_MS } from '@portal/shared/durations';
import { refused, sendDataOutcome, sendRefusal } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';

const tags = ['one-time surveys'];
const security = [{ bearerAuth: [] }];
/**
 * A participant list as large as a CSV file of the CSV limit (5 MB) can make, sent as JSON (quotes and commas
 * added to each row), with the form beside it.
 */
const LIST_BODY_LIMIT = 8 * 1_048_576;
const ZSurveyIdQuery = z.object({ id: z.uuid({ error: ONE_TIME_MESSAGES.notFound }) });
const lookupRefusals = { 400: ZErrorReply, 404: ZErrorReply };
const refusals = { ...lookupRefusals, 409: ZErrorReply, 413: ZErrorReply };

/** A body over the limit is answered in the reader's language; any other error goes on to the app's handler. */
function tooLarge(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
  return sendRefusal(request, reply, refused(413, ONE_TIME_MESSAGES.tooLarge));
}

/** The One Time Surveys tab of System Options: administrators only. */
export const oneTimeSurveyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin, reports } = app.services.oneTimeSurveys;
  const from = (request: FastifyRequest) => ({ userId: request.auth!.userId, ip: request.ip });
  const documented = <S extends object>(summary: string, schema: S) => ({ tags, summary, security, ...schema });
  const read = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };
  // Saves and checks carry a whole participant list.
  const listWrite = {
    config: { access: 'settings.edit', rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) },
    bodyLimit: LIST_BODY_LIMIT,
    errorHandler: tooLarge,
  } as const;
  const saveSchema = { body: ZOneTimeSurveyInput, response: { 200: ZOneTimeSavedReply, ...refusals } };

  app.route({
    method: POST_SURVEY_ONE_TIME.method,
    url: POST_SURVEY_ONE_TIME.path,
    ...listWrite,
    schema: documented(
      'Creates a one-time survey: its name in both languages, its SurveyJS form (checked by the engine), send ' +
        'date, window and participants by e-mail or user ID; every row must name a participant in the study, ' +
        'else nothing is saved (administrators)',
      saveSchema,
    ),
    handler: async (request, response) =>
      sendDataOutcome(request, response, await admin.create(request.body, from(request))),
  });

  app.route({
    method: PUT_SURVEY_ONE_TIME.method,
    url: PUT_SURVEY_ONE_TIME.path,
    ...listWrite,
    schema: documented(
      'Changes a one-time survey until its invitations go out (409 after); its form cannot change once the ' +
        'send date has come (409), and a changed form or name is a new form version; without participants ' +
        'the survey keeps those it has, with them the list is replaced as a whole (administrators)',
      { ...saveSchema, body: ZOneTimeSurveyUpdate, querystring: ZSurveyIdQuery },
    ),
    handler: async (request, response) =>
      sendDataOutcome(request, response, await admin.update(request.query.id, request.body, from(request))),
  });

  app.route({
    method: POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK.method,
    url: POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK.path,
    ...listWrite,
    schema: documented(
      'Checks a participant list before a survey is saved: how many participants it names, and each row ' +
        '(1-based) that names no one (invalid, notFound, withdrawn) or repeats one (duplicate); saves nothing',
      {
        body: ZParticipantCheckRequest,
        response: { 200: ZParticipantCheckReply, 400: ZErrorReply, 413: ZErrorReply },
      },
    ),
    handler: async (request) => ({ status: true, data: await admin.checkParticipants(request.body.participants) }),
  });

  app.route({
    method: GET_SURVEY_ONE_TIME.method,
    url: GET_SURVEY_ONE_TIME.path,
    config: { access: 'settings.view', ...read },
    schema: documented(
      `The one-time surveys, paged (sizes ${ONE_TIME_LIST_SIZES.join(', ')}), by effectiveStartDate newest ` +
        'first unless sorted otherwise, with their state and figures (administrators)',
      { querystring: ZOneTimeListQuery, response: { 200: ZOneTimeListReply, 400: ZErrorReply } },
    ),
    handler: async (request) => ({ status: true, data: await reports.list(request.query) }),
  });

  app.route({
    method: GET_SURVEY_ONE_TIME_DETAIL.method,
    url: GET_SURVEY_ONE_TIME_DETAIL.path,
    config: { access: 'settings.view', ...read },
    schema: documented('One one-time survey with its current form definition (administrators)', {
      querystring: ZSurveyIdQuery,
      response: { 200: ZOneTimeDetailReply, ...lookupRefusals },
    }),
    handler: async (request, response) => sendDataOutcome(request, response, await reports.detail(request.query.id)),
  });

  app.route({
    method: GET_SURVEY_ONE_TIME_USERS.method,
    url: GET_SURVEY_ONE_TIME_USERS.path,
    config: { access: 'settings.view', ...read },
    schema: documented(
      `A one-time survey's participants by e-mail, paged (sizes ${ONE_TIME_USER_SIZES.join(', ')}), with when ` +
        'each was invited and how far they got (administrators)',
      { querystring: ZOneTimeUsersQuery, response: { 200: ZOneTimeUsersReply, ...lookupRefusals } },
    ),
    handler: async (request, response) => sendDataOutcome(request, response, await reports.users(request.query)),
  });

  app.route({
    method: GET_SURVEY_ONE_TIME_FAILURE.method,
    url: GET_SURVEY_ONE_TIME_FAILURE.path,
    config: { access: 'settings.view', ...read },
    schema: documented(
      "A one-time survey's participants not initiated, by e-mail, with the reason: withdrawn, emailsOff, " +
        'addressRefused or deliveryFailed (administrators)',
      { querystring: ZOneTimeFailureQuery, response: { 200: ZOneTimeFailureReply, ...lookupRefusals } },
    ),
    handler: async (request, response) => sendDataOutcome(request, response, await reports.failures(request.query)),
  });

  app.route({
    method: GET_SURVEY_ONE_TIME_STATS.method,
    url: GET_SURVEY_ONE_TIME_STATS.path,
    config: { access: 'settings.view', ...read },
    schema: documented(
      'How many one-time surveys in all, upcoming, in progress and completed, and the ten highest submission ' +
        'rates (0 to 100) of those whose invitations went out (administrators)',
      { response: { 200: ZOneTimeStatsReply } },
    ),
    handler: async () => ({ status: true, data: await reports.stats() }),
  });
};
