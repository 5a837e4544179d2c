import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRegisterReply, ZRegisterRequest, POST_REGISTER } from '@portal/shared/registration/register';
import {
  ZValidateCredentialsReply,
  ZValidateCredentialsRequest,
  POST_VALIDATE_CREDENTIALS,
} from '@portal/shared/registration/validate-credentials';
import {
  ZRegistrationConfirmQuery,
  ZRegistrationConfirmReply,
  ZResendActivationQuery,
  ZResendActivationReply,
  GET_RESEND_ACTIVATION_EMAIL,
  GET_REGISTRATION_CONFIRM,
} from '@portal/shared/registration/activation';
import { MINUTE_MS, HOUR_MS } from '@portal/shared/durations';
import { sendOutcome as reply } from '../../lib/outcome';
import { openSealedBody } from '../../plugins/payload-envelope';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['registration'];

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.registration;
  const openBody = openSealedBody(app.env.PAYLOAD_KEY);

  app.route({
    method: POST_VALIDATE_CREDENTIALS.method,
    url: POST_VALIDATE_CREDENTIALS.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, 10 * MINUTE_MS) },
    preValidation: openBody,
    schema: {
      tags,
      summary: 'Checks the e-mail and password of registration step 2',
      body: ZValidateCredentialsRequest,
      response: { 200: ZValidateCredentialsReply },
    },
    handler: async (request, response) => reply(request, response, await service.validateCredentials(request.body)),
  });

  app.route({
    method: POST_REGISTER.method,
    url: POST_REGISTER.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 10, HOUR_MS) },
    preValidation: openBody,
    schema: {
      tags,
      summary: 'Registers a participant (pending until the e-mailed link is opened)',
      body: ZRegisterRequest,
      response: { 200: ZRegisterReply },
    },
    handler: async (request, response) =>
      reply(request, response, await service.register(request.body, { ip: request.ip })),
  });

  app.route({
    method: GET_RESEND_ACTIVATION_EMAIL.method,
    url: GET_RESEND_ACTIVATION_EMAIL.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 10, HOUR_MS) },
    schema: {
      tags,
      summary: 'Sends a new activation link to an account that is not active yet',
      querystring: ZResendActivationQuery,
      response: { 200: ZResendActivationReply },
    },
    handler: async (request, response) => reply(request, response, await service.resendActivation(request.query)),
  });

  app.route({
    method: GET_REGISTRATION_CONFIRM.method,
    url: GET_REGISTRATION_CONFIRM.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, HOUR_MS) },
    schema: {
      tags,
      summary: 'Activates the account of an e-mailed activation link',
      querystring: ZRegistrationConfirmQuery,
      response: { 200: ZRegistrationConfirmReply },
    },
    handler: async (request, response) =>
      reply(request, response, await service.confirmRegistration(request.query, { ip: request.ip })),
  });
};
