import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
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
import {
  POST_LOGIN_PASSKEY,
  POST_LOGIN_PASSKEY_OPTIONS,
  POST_LOGIN_PASSKEY_STEP_OPTIONS,
  ZPasskeyOptionsReply,
  ZPasskeySignInRequest,
} from '@portal/shared/staff/second-factor';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage, translate } from '../../lib/localize';
import { clearLoginAttemptCookie, setLoginAttemptCookie } from '../../lib/login-attempt-cookie';
import { sendDataOutcome, sendRefusal, sessionContext } from '../../lib/outcome';
import { bearerToken } from '../../plugins/access';
import { openSealedBody } from '../../plugins/payload-envelope';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auth;
  const openBody = openSealedBody(app.env.PAYLOAD_KEY);

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
      const outcome = await service.login(request.body, sessionContext(request));
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      const { attemptSecret, expiresAt, ...result } = outcome.data;
      if (attemptSecret && expiresAt) {
        setLoginAttemptCookie(response, { secret: attemptSecret, expiresAt }, app.env.PUBLIC_URL);
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
      summary:
        'Completes a sign-in with the code e-mailed for this browser’s login attempt, or a staff member’s ' +
        'authenticator-app or recovery code',
      body: ZLoginOtpRequest,
      response: { 200: ZLoginReply },
    },
    handler: async (request, response) => {
      const outcome = await service.verifyLoginCode(
        { ...request.body, attemptSecret: request.cookies[LOGIN_ATTEMPT_COOKIE] },
        sessionContext(request),
      );
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      clearLoginAttemptCookie(response);
      return { status: true, data: outcome.data };
    },
  });

  // Passkey options: without a password (any of the portal's passkeys, the browser offers its own), or after the
  // password, for that member's passkeys (the login attempt's cookie says whose; without one it has expired).
  for (const { call, summary, attemptOf } of [
    {
      call: POST_LOGIN_PASSKEY_OPTIONS,
      summary: 'WebAuthn options to sign a staff member in with any of their passkeys, without a password',
      attemptOf: () => undefined,
    },
    {
      call: POST_LOGIN_PASSKEY_STEP_OPTIONS,
      summary: 'WebAuthn options for the passkeys of the staff member whose password this browser just gave',
      attemptOf: (request: FastifyRequest) => request.cookies[LOGIN_ATTEMPT_COOKIE] ?? '',
    },
  ])
    app.route({
      method: call.method,
      url: call.path,
      config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, 5 * MINUTE_MS) },
      schema: { tags, summary, response: { 200: ZPasskeyOptionsReply, 401: ZErrorReply } },
      handler: async (request, response) =>
        sendDataOutcome(request, response, await service.passkeySignInOptions(attemptOf(request))),
    });

  app.route({
    method: POST_LOGIN_PASSKEY.method,
    url: POST_LOGIN_PASSKEY.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, 5 * MINUTE_MS) },
    schema: {
      tags,
      summary: 'Signs a staff member in with a passkey’s answer to a challenge of the options calls',
      body: ZPasskeySignInRequest,
      response: { 200: ZLoginReply },
    },
    handler: async (request, response) => {
      const outcome = await service.passkeySignIn(
        request.body.response,
        request.cookies[LOGIN_ATTEMPT_COOKIE],
        sessionContext(request),
      );
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      clearLoginAttemptCookie(response);
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
      const outcome = await service.refresh(request.body.refresh_token, sessionContext(request));
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
