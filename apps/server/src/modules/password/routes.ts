import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZResetPasswordInitQuery,
  ZResetPasswordInitReply,
  ZResetPasswordReply,
  ZResetPasswordRequest,
  ZVerifyResetPasswordQuery,
  ZVerifyResetPasswordReply,
} from '@portal/shared/password/reset-password';
import { ZChangePasswordReply, ZChangePasswordRequest } from '@portal/shared/password/change-password';
import { HOUR_MS } from '@portal/shared/durations';
import { sendOutcome } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['password'];

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.password;

  app.get(
    '/reset-password/init',
    {
      config: { rateLimit: perIpRateLimit(app.env, 10, HOUR_MS) },
      schema: {
        tags,
        summary: 'E-mails a one-use reset link; the same answer whether or not the address has an account',
        querystring: ZResetPasswordInitQuery,
        response: { 200: ZResetPasswordInitReply },
      },
    },
    async (request, response) =>
      sendOutcome(request, response, await service.requestReset(request.query, { ip: request.ip })),
  );

  app.get(
    '/verify-reset-password',
    {
      config: { rateLimit: perIpRateLimit(app.env, 30, HOUR_MS) },
      schema: {
        tags,
        summary: 'Whether a reset link can still be used',
        querystring: ZVerifyResetPasswordQuery,
        response: { 200: ZVerifyResetPasswordReply },
      },
    },
    async (request, response) => sendOutcome(request, response, await service.verifyLink(request.query)),
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: perIpRateLimit(app.env, 20, HOUR_MS) },
      schema: {
        tags,
        summary: 'Sets a new password with a reset link, once; ends every session of the account',
        body: ZResetPasswordRequest,
        response: { 200: ZResetPasswordReply },
      },
    },
    async (request, response) =>
      sendOutcome(request, response, await service.resetPassword(request.body, { ip: request.ip })),
  );

  app.put(
    '/update-password',
    {
      onRequest: app.authenticate,
      config: { rateLimit: perIpRateLimit(app.env, 20, HOUR_MS) },
      schema: {
        tags,
        summary: 'Changes the signed-in user’s password (current, then new); other sessions end',
        security: [{ bearerAuth: [] }],
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordReply },
      },
    },
    async (request, response) =>
      sendOutcome(request, response, await service.changePassword(request.auth!, request.body, { ip: request.ip })),
  );
};
