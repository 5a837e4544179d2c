import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZResetPasswordInitQuery,
  ZResetPasswordInitReply,
  ZResetPasswordReply,
  ZResetPasswordRequest,
  ZVerifyResetPasswordQuery,
  ZVerifyResetPasswordReply,
  GET_RESET_PASSWORD_INIT,
  GET_VERIFY_RESET_PASSWORD,
  POST_RESET_PASSWORD,
} from '@portal/shared/password/reset-password';
import {
  ZChangePasswordReply,
  ZChangePasswordRequest,
  PUT_UPDATE_PASSWORD,
} from '@portal/shared/password/change-password';
import { HOUR_MS } from '@portal/shared/durations';
import { sendOutcome } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['password'];

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.password;

  app.route({
    method: GET_RESET_PASSWORD_INIT.method,
    url: GET_RESET_PASSWORD_INIT.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 10, HOUR_MS) },
    schema: {
      tags,
      summary: 'E-mails a one-use reset link; the same answer whether or not the address has an account',
      querystring: ZResetPasswordInitQuery,
      response: { 200: ZResetPasswordInitReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.requestReset(request.query, { ip: request.ip })),
  });

  app.route({
    method: GET_VERIFY_RESET_PASSWORD.method,
    url: GET_VERIFY_RESET_PASSWORD.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, HOUR_MS) },
    schema: {
      tags,
      summary: 'Whether a reset link can still be used',
      querystring: ZVerifyResetPasswordQuery,
      response: { 200: ZVerifyResetPasswordReply },
    },
    handler: async (request, response) => sendOutcome(request, response, await service.verifyLink(request.query)),
  });

  app.route({
    method: POST_RESET_PASSWORD.method,
    url: POST_RESET_PASSWORD.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 20, HOUR_MS) },
    schema: {
      tags,
      summary: 'Sets a new password with a reset link, once; ends every session of the account',
      body: ZResetPasswordRequest,
      response: { 200: ZResetPasswordReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.resetPassword(request.body, { ip: request.ip })),
  });

  app.route({
    method: PUT_UPDATE_PASSWORD.method,
    url: PUT_UPDATE_PASSWORD.path,
    config: { access: 'signedIn', rateLimit: perIpRateLimit(app.env, 20, HOUR_MS) },
    schema: {
      tags,
      summary: 'Changes the signed-in user’s password (current, then new); other sessions end',
      security: [{ bearerAuth: [] }],
      body: ZChangePasswordRequest,
      response: { 200: ZChangePasswordReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.changePassword(request.auth!, request.body, { ip: request.ip })),
  });
};
