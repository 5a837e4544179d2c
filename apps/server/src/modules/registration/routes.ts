import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRegisterReply, ZRegisterRequest } from '@portal/shared/registration/register';
import {
  ZValidateCredentialsReply,
  ZValidateCredentialsRequest,
} from '@portal/shared/registration/validate-credentials';
import {
  ZRegistrationConfirmQuery,
  ZRegistrationConfirmReply,
  ZResendActivationQuery,
  ZResendActivationReply,
} from '@portal/shared/registration/activation';
import { MINUTE_MS, HOUR_MS } from '@portal/shared/durations';
import { sendOutcome as reply } from '../../lib/outcome';
import { openSealedBody } from '../../plugins/payload-envelope';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['registration'];

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.registration;
  const openBody = openSealedBody(app.env.PAYLOAD_KEY);

  app.post(
    '/validateCredentials',
    {
      config: { rateLimit: perIpRateLimit(app.env, 30, 10 * MINUTE_MS) },
      preValidation: openBody,
      schema: {
        tags,
        summary: 'Checks the e-mail and password of registration step 2',
        body: ZValidateCredentialsRequest,
        response: { 200: ZValidateCredentialsReply },
      },
    },
    async (request, response) => reply(request, response, await service.validateCredentials(request.body)),
  );

  app.post(
    '/register',
    {
      config: { rateLimit: perIpRateLimit(app.env, 10, HOUR_MS) },
      preValidation: openBody,
      schema: {
        tags,
        summary: 'Registers a participant (pending until the e-mailed link is opened)',
        body: ZRegisterRequest,
        response: { 200: ZRegisterReply },
      },
    },
    async (request, response) => reply(request, response, await service.register(request.body, { ip: request.ip })),
  );

  app.get(
    '/resendActivationEmail',
    {
      config: { rateLimit: perIpRateLimit(app.env, 10, HOUR_MS) },
      schema: {
        tags,
        summary: 'Sends a new activation link to an account that is not active yet',
        querystring: ZResendActivationQuery,
        response: { 200: ZResendActivationReply },
      },
    },
    async (request, response) => reply(request, response, await service.resendActivation(request.query)),
  );

  app.get(
    '/registrationConfirm',
    {
      config: { rateLimit: perIpRateLimit(app.env, 30, HOUR_MS) },
      schema: {
        tags,
        summary: 'Activates the account of an e-mailed activation link',
        querystring: ZRegistrationConfirmQuery,
        response: { 200: ZRegistrationConfirmReply },
      },
    },
    async (request, response) =>
      reply(request, response, await service.confirmRegistration(request.query, { ip: request.ip })),
  );
};
