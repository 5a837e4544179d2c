import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOGIN_ATTEMPT_COOKIE,
  ZLoginOtpRequest,
  ZLoginReply,
  ZLoginRequest,
  POST_LOGIN,
  POST_LOGIN_OTP,
} from '@portal/shared/auth/login';
import {
  ZLogoutQuery,
  ZLogoutReply,
  ZLogoutRequest,
  ZRefreshTokenReply,
  ZRefreshTokenRequest,
  POST_REFRESH_TOKEN,
  POST_LOGOUT,
} from '@portal/shared/auth/session';
import { API_BASE } from '@portal/shared/constants';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage, translate } from '../../lib/localize';
import { sendRefusal } from '../../lib/outcome';
import { bearerToken } from '../../plugins/access';
import { openSealedBody } from '../../plugins/payload-envelope';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['auth'];
const LOGIN_PATH = `${API_BASE}${POST_LOGIN.path}`;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auth;
  const openBody = openSealedBody(app.env.PAYLOAD_KEY);
  const secureCookie = app.env.PUBLIC_URL.startsWith('https:');

  app.route({
    method: POST_LOGIN.method,
    url: POST_LOGIN.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, 5 * MINUTE_MS) },
    preValidation: openBody,
    schema: {
      tags,
      summary: 'Signs in with e-mail and password (sealed); may ask for an e-mailed code next',
      body: ZLoginRequest,
      response: { 200: ZLoginReply },
    },
    handler: async (request, response) => {
      const outcome = await service.login(request.body, { ip: request.ip });
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      const { attemptSecret, expiresAt, ...result } = outcome.data;
      if (attemptSecret && expiresAt) {
        response.setCookie(LOGIN_ATTEMPT_COOKIE, attemptSecret, {
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookie,
          path: LOGIN_PATH,
          expires: expiresAt,
        });
        result.autoAuthCookie = LOGIN_ATTEMPT_COOKIE;
      }
      return { status: true, data: result };
    },
  });

  app.route({
    method: POST_LOGIN_OTP.method,
    url: POST_LOGIN_OTP.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, 5 * MINUTE_MS) },
    schema: {
      tags,
      summary: 'Completes a sign-in with the code e-mailed for this browser’s login attempt',
      body: ZLoginOtpRequest,
      response: { 200: ZLoginReply },
    },
    handler: async (request, response) => {
      const outcome = await service.verifyLoginCode(
        { ...request.body, attemptSecret: request.cookies[LOGIN_ATTEMPT_COOKIE] },
        { ip: request.ip },
      );
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      response.clearCookie(LOGIN_ATTEMPT_COOKIE, { path: LOGIN_PATH });
      return { status: true, data: outcome.data };
    },
  });

  app.route({
    method: POST_REFRESH_TOKEN.method,
    url: POST_REFRESH_TOKEN.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) },
    schema: {
      tags,
      summary: 'Trades a refresh token, once, for a new access and refresh token',
      body: ZRefreshTokenRequest,
      response: { 200: ZRefreshTokenReply },
    },
    handler: async (request, response) => {
      const outcome = await service.refresh(request.body.refresh_token, { ip: request.ip });
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      return { status: true, data: outcome.data };
    },
  });

  app.route({
    method: POST_LOGOUT.method,
    url: POST_LOGOUT.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 60, MINUTE_MS) },
    schema: {
      tags,
      summary: 'Ends every session of the signed-in user (bearer token, or the refresh token in the body)',
      querystring: ZLogoutQuery,
      body: ZLogoutRequest,
      response: { 200: ZLogoutReply },
    },
    handler: async (request) => {
      await service.logout(
        {
          accessToken: bearerToken(request) ?? request.query.token,
          refreshToken: request.body?.refresh_token ?? request.query.token,
        },
        { ip: request.ip },
      );
      return { status: true, message: translate(requestLanguage(request), 'login.loggedOut') };
    },
  });
};
