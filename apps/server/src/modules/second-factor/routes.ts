import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { LOGIN_ATTEMPT_COOKIE } from '@portal/shared/auth/login';
import { MINUTE_MS } from '@portal/shared/durations';
import {
  DELETE_MY_FACTOR,
  DELETE_MY_SESSION,
  GET_MY_SECURITY,
  POST_END_OTHER_SESSIONS,
  POST_ENROLMENT_APP,
  POST_ENROLMENT_APP_CONFIRM,
  POST_ENROLMENT_PASSKEY,
  POST_ENROLMENT_PASSKEY_OPTIONS,
  POST_MY_APP,
  POST_MY_APP_CONFIRM,
  POST_MY_PASSKEY,
  POST_MY_PASSKEY_OPTIONS,
  POST_MY_RECOVERY_CODES,
  POST_STEP_UP,
  POST_STEP_UP_PASSKEY,
  POST_STEP_UP_PASSKEY_OPTIONS,
  ZAddPasskeyRequest,
  ZConfirmAppRequest,
  ZEnrolledReply,
  ZFactorIdParams,
  ZMySecurityReply,
  ZNewAppSecretReply,
  ZPasskeyOptionsReply,
  ZPasskeySignInRequest,
  ZRecoveryCodesReply,
  ZSecurityMessageReply,
  ZSessionIdParams,
  ZStepUpRequest,
} from '@portal/shared/staff/second-factor';
import { clearLoginAttemptCookie } from '../../lib/login-attempt-cookie';
import { sendDataOutcome, sendOutcome, sessionContext, type DataOutcome } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['second factor'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
const attemptOf = (request: FastifyRequest) => request.cookies[LOGIN_ATTEMPT_COOKIE];

/** An enrolment's answer; once it is done the login attempt is spent, so its cookie goes. */
function sendEnrolled<T>(request: FastifyRequest, response: FastifyReply, outcome: DataOutcome<T>) {
  if (outcome.ok) clearLoginAttemptCookie(response);
  return sendDataOutcome(request, response, outcome);
}

/**
 * Staff members' second factors: enrolling the first one (after the invitation's password or a sign-in of an
 * account without one), their own security page, and step-up before dangerous actions.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.secondFactor;
  const guesses = perIpRateLimit(app.env, 30, 5 * MINUTE_MS);
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);

  // ——— Enrolment: public, bound to the login attempt's HttpOnly cookie ———

  app.route({
    method: POST_ENROLMENT_APP.method,
    url: POST_ENROLMENT_APP.path,
    config: { access: 'public', rateLimit: guesses },
    schema: {
      tags,
      summary: 'Enrolment: a new authenticator-app secret (base32 and its otpauth:// address for the QR code)',
      response: { 200: ZNewAppSecretReply, 401: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.enrolmentApp(attemptOf(request))),
  });

  app.route({
    method: POST_ENROLMENT_APP_CONFIRM.method,
    url: POST_ENROLMENT_APP_CONFIRM.path,
    config: { access: 'public', rateLimit: guesses },
    schema: {
      tags,
      summary: 'Enrolment: the app’s first code saves it; answers the ten recovery codes (shown once) and the tokens',
      body: ZConfirmAppRequest,
      response: { 200: ZEnrolledReply, ...refusals },
    },
    handler: async (request, response) =>
      sendEnrolled(
        request,
        response,
        await service.confirmEnrolmentApp(attemptOf(request), request.body, sessionContext(request)),
      ),
  });

  app.route({
    method: POST_ENROLMENT_PASSKEY_OPTIONS.method,
    url: POST_ENROLMENT_PASSKEY_OPTIONS.path,
    config: { access: 'public', rateLimit: guesses },
    schema: {
      tags,
      summary: 'Enrolment: WebAuthn options to create a passkey (discoverable, with user verification)',
      response: { 200: ZPasskeyOptionsReply, 401: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.enrolmentPasskeyOptions(attemptOf(request))),
  });

  app.route({
    method: POST_ENROLMENT_PASSKEY.method,
    url: POST_ENROLMENT_PASSKEY.path,
    config: { access: 'public', rateLimit: guesses },
    schema: {
      tags,
      summary: 'Enrolment: the new passkey saves it; answers the ten recovery codes (shown once) and the tokens',
      body: ZAddPasskeyRequest,
      response: { 200: ZEnrolledReply, ...refusals },
    },
    handler: async (request, response) =>
      sendEnrolled(
        request,
        response,
        await service.confirmEnrolmentPasskey(attemptOf(request), request.body, sessionContext(request)),
      ),
  });

  // ——— Your security: a signed-in staff member's own account ———

  app.route({
    method: GET_MY_SECURITY.method,
    url: GET_MY_SECURITY.path,
    config: { access: 'staff', rateLimit: reads },
    schema: {
      tags,
      summary: 'The caller’s second factors, how many recovery codes are left, and their open sessions',
      security,
      response: { 200: ZMySecurityReply },
    },
    handler: async (request) => ({ status: true, data: await service.mySecurity(request.auth!) }),
  });

  app.route({
    method: POST_MY_APP.method,
    url: POST_MY_APP.path,
    config: { access: 'staff', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary: 'A new authenticator-app secret for the caller, waiting for its first code (step-up)',
      security,
      response: { 200: ZNewAppSecretReply, 403: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.newApp(request.auth!) }),
  });

  app.route({
    method: POST_MY_APP_CONFIRM.method,
    url: POST_MY_APP_CONFIRM.path,
    config: { access: 'staff', rateLimit: guesses },
    schema: {
      tags,
      summary: 'Saves the caller’s new app with its first code; their other sessions end',
      security,
      body: ZConfirmAppRequest,
      response: { 200: ZSecurityMessageReply, ...refusals },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.confirmApp(request.auth!, request.body, sessionContext(request))),
  });

  app.route({
    method: POST_MY_PASSKEY_OPTIONS.method,
    url: POST_MY_PASSKEY_OPTIONS.path,
    config: { access: 'staff', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary: 'WebAuthn options to add a passkey to the caller’s account (step-up)',
      security,
      response: { 200: ZPasskeyOptionsReply, 403: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.passkeyOptions(request.auth!) }),
  });

  app.route({
    method: POST_MY_PASSKEY.method,
    url: POST_MY_PASSKEY.path,
    config: { access: 'staff', rateLimit: writes },
    schema: {
      tags,
      summary: 'Saves a new passkey of the caller (answer to the options’ challenge); their other sessions end',
      security,
      body: ZAddPasskeyRequest,
      response: { 200: ZSecurityMessageReply, ...refusals },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.addPasskey(request.auth!, request.body, sessionContext(request))),
  });

  app.route({
    method: DELETE_MY_FACTOR.method,
    url: DELETE_MY_FACTOR.path,
    config: { access: 'staff', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary: 'Removes one of the caller’s factors, never the last (409); their other sessions end (step-up)',
      security,
      params: ZFactorIdParams,
      response: { 200: ZSecurityMessageReply, ...refusals },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.removeFactor(request.auth!, request.params.id, sessionContext(request)),
      ),
  });

  app.route({
    method: POST_MY_RECOVERY_CODES.method,
    url: POST_MY_RECOVERY_CODES.path,
    config: { access: 'staff', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary: 'Ten new recovery codes, shown once; the earlier ones stop working (step-up)',
      security,
      response: { 200: ZRecoveryCodesReply, 403: ZErrorReply },
    },
    handler: async (request) => ({
      status: true,
      data: await service.newRecoveryCodes(request.auth!, sessionContext(request)),
    }),
  });

  app.route({
    method: DELETE_MY_SESSION.method,
    url: DELETE_MY_SESSION.path,
    config: { access: 'staff', rateLimit: writes },
    schema: {
      tags,
      summary: 'Ends one of the caller’s sessions (another browser is signed out at its next call)',
      security,
      params: ZSessionIdParams,
      response: { 200: ZSecurityMessageReply, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.endSession(request.auth!, request.params.id, sessionContext(request)),
      ),
  });

  app.route({
    method: POST_END_OTHER_SESSIONS.method,
    url: POST_END_OTHER_SESSIONS.path,
    config: { access: 'staff', rateLimit: writes },
    schema: {
      tags,
      summary: 'Ends every session of the caller but this one',
      security,
      response: { 200: ZSecurityMessageReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.endOtherSessions(request.auth!, sessionContext(request))),
  });

  // ——— Step-up ———

  app.route({
    method: POST_STEP_UP.method,
    url: POST_STEP_UP.path,
    config: { access: 'staff', rateLimit: guesses },
    schema: {
      tags,
      summary:
        'Gives the second factor again in this session (app or recovery code): dangerous actions go through for ' +
        'the next 5 minutes; a wrong code counts toward the lockout',
      security,
      body: ZStepUpRequest,
      response: { 200: ZSecurityMessageReply, ...refusals },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.stepUp(request.auth!, request.body.otp, sessionContext(request))),
  });

  app.route({
    method: POST_STEP_UP_PASSKEY_OPTIONS.method,
    url: POST_STEP_UP_PASSKEY_OPTIONS.path,
    config: { access: 'staff', rateLimit: guesses },
    schema: {
      tags,
      summary: 'WebAuthn options to give the second factor again with one of the caller’s passkeys',
      security,
      response: { 200: ZPasskeyOptionsReply },
    },
    handler: async (request) => ({ status: true, data: await service.stepUpPasskeyOptions(request.auth!) }),
  });

  app.route({
    method: POST_STEP_UP_PASSKEY.method,
    url: POST_STEP_UP_PASSKEY.path,
    config: { access: 'staff', rateLimit: guesses },
    schema: {
      tags,
      summary: 'Gives the second factor again with a passkey’s answer to the step-up options’ challenge',
      security,
      body: ZPasskeySignInRequest,
      response: { 200: ZSecurityMessageReply, ...refusals },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.stepUpPasskey(request.auth!, request.body.response, sessionContext(request)),
      ),
  });
};
