import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ZErrorReply } from '@portal/shared/api/envelope';
import {
  ZSurveyNotificationReply,
  ZSurveyWidgetReply,
  GET_SURVEY_NOTIFICATION,
  GET_SURVEY_WIDGET,
  POST_SURVEY_TOUR,
} from '@portal/shared/surveys/survey-entries';
import {
  ZSurveyResponseParams,
  ZSurveyResponseReply,
  ZSurveySave,
  ZSurveySaveReply,
  ZSurveyStart,
  ZSurveyStartReply,
  ZSurveySubmit,
  ZSurveySubmitReply,
  POST_SURVEY_START,
  GET_SURVEY_RESPONSE,
  PUT_SURVEY_RESPONSE,
  POST_SURVEY_RESPONSE_SUBMIT,
} from '@portal/shared/surveys/survey-response';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendDataOutcome as sendData } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';

const tags = ['surveys'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 413: ZErrorReply };

/** The participant's surveys: patients only, each sees only their own. */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const surveys = app.services.surveys;
  const reads = { rateLimit: perIpRateLimit(app.env, 300, MINUTE_MS) };
  // Saving happens on every page turn and on leaving: generous, but bounded.
  const writes = { rateLimit: perIpRateLimit(app.env, 240, MINUTE_MS) };

  app.route({
    method: GET_SURVEY_NOTIFICATION.method,
    url: GET_SURVEY_NOTIFICATION.path,
    config: { access: 'patient', ...reads },
    schema: {
      tags,
      summary: 'Whether a round questionnaire or a one-time survey waits for the participant',
      security,
      response: { 200: ZSurveyNotificationReply },
    },
    handler: async (request) => ({ status: true, data: await surveys.notification(request.auth!.userId) }),
  });

  app.route({
    method: GET_SURVEY_WIDGET.method,
    url: GET_SURVEY_WIDGET.path,
    config: { access: 'patient', ...reads },
    schema: {
      tags,
      summary: 'The Surveys screen: the open round, past surveys, one-time surveys, whether the tour was seen',
      security,
      response: { 200: ZSurveyWidgetReply },
    },
    handler: async (request) => ({ status: true, data: await surveys.widget(request.auth!.userId) }),
  });

  app.route({
    method: POST_SURVEY_TOUR.method,
    url: POST_SURVEY_TOUR.path,
    config: { access: 'patient', ...writes },
    schema: {
      tags,
      summary: 'Records that the welcome tour was finished or skipped',
      security,
      response: { 200: envelope(z.unknown()) },
    },
    handler: async (request) => {
      await surveys.markTourSeen(request.auth!.userId);
      return { status: true };
    },
  });

  app.route({
    method: POST_SURVEY_START.method,
    url: POST_SURVEY_START.path,
    config: { access: 'patient', ...writes },
    schema: {
      tags,
      summary: 'Starts a questionnaire of an open round or one-time survey (or finds the one already started)',
      security,
      body: ZSurveyStart,
      response: { 200: ZSurveyStartReply, ...refusals },
    },
    handler: async (request, response) =>
      sendData(request, response, await surveys.start(request.auth!.userId, request.body)),
  });

  app.route({
    method: GET_SURVEY_RESPONSE.method,
    url: GET_SURVEY_RESPONSE.path,
    config: { access: 'patient', ...reads },
    schema: {
      tags,
      summary: 'A questionnaire in the version being answered, with the answers saved so far',
      security,
      params: ZSurveyResponseParams,
      response: { 200: ZSurveyResponseReply, ...refusals },
    },
    handler: async (request, response) =>
      sendData(request, response, await surveys.response(request.auth!.userId, request.params.responseId)),
  });

  app.route({
    method: PUT_SURVEY_RESPONSE.method,
    url: PUT_SURVEY_RESPONSE.path,
    config: { access: 'patient', ...writes },
    schema: {
      tags,
      summary: 'Saves the answers so far and the page the participant is on',
      security,
      params: ZSurveyResponseParams,
      body: ZSurveySave,
      response: { 200: ZSurveySaveReply, ...refusals },
    },
    handler: async (request, response) =>
      sendData(request, response, await surveys.save(request.auth!.userId, request.params.responseId, request.body)),
  });

  app.route({
    method: POST_SURVEY_RESPONSE_SUBMIT.method,
    url: POST_SURVEY_RESPONSE_SUBMIT.path,
    config: { access: 'patient', rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) },
    schema: {
      tags,
      summary: 'Submits the questionnaire: once, inside its window, with every required answer',
      security,
      params: ZSurveyResponseParams,
      body: ZSurveySubmit,
      response: { 200: ZSurveySubmitReply, ...refusals },
    },
    handler: async (request, response) =>
      sendData(
        request,
        response,
        await surveys.submit(request.auth!.userId, request.params.responseId, request.body, { ip: request.ip }),
      ),
  });
};
