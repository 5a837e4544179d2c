import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { ZUserDetailsReply, GET_KEYCLOAK_USER } from '@portal/shared/auth/user-details';
import {
  ZCommunicationPreferencesReply,
  ZCommunicationPreferencesUpdate,
  ZCommunicationPreferencesUpdateReply,
  GET_COMMUNICATION_PREFERENCES_VIEW,
  PUT_COMMUNICATION_PREFERENCES_UPDATE,
} from '@portal/shared/account/communication-preferences';
import {
  GET_KEYCLOAK_USER_PICTURE,
  PROFILE_MESSAGES,
  ZProfileUpdateReply,
  PUT_KEYCLOAK_USER,
} from '@portal/shared/account/profile';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage, translate } from '../../lib/localize';
import { refused, sendOutcome, sendRefusal } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { readProfileUpload, registerProfileMultipart } from './profile-upload';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.account;
  const reads = perIpRateLimit(app.env, 300, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);
  // Account settings are a participant's; an administrator signs in but has none to change.
  await registerProfileMultipart(app);

  app.route({
    method: GET_KEYCLOAK_USER.method,
    url: GET_KEYCLOAK_USER.path,
    config: { access: 'signedIn', rateLimit: reads },
    schema: {
      tags,
      summary: 'The signed-in user’s details',
      security,
      response: { 200: ZUserDetailsReply, 401: ZErrorReply },
    },
    handler: async (request, response) => {
      const details = await service.getUserDetails(request.auth!.userId);
      if (!details)
        return response
          .code(401)
          .send({ status: false, message: translate(requestLanguage(request), 'error.unauthorized') });
      return { status: true, data: details };
    },
  });

  app.route({
    method: PUT_KEYCLOAK_USER.method,
    url: PUT_KEYCLOAK_USER.path,
    config: { access: 'patient', forbidden: PROFILE_MESSAGES.patientsOnly, rateLimit: writes },
    schema: {
      tags,
      summary:
        'Updates the participant’s language, date of birth, sex at birth and picture (multipart: language, ' +
        'birthDate, gender, file, isRemoveProfilePicture); any other field is ignored',
      security,
      consumes: ['multipart/form-data'],
      response: { 200: ZProfileUpdateReply },
    },
    handler: async (request, response) => {
      if (!request.isMultipart()) return sendRefusal(request, response, refused(415, 'error.invalidRequest'));
      const upload = await readProfileUpload(request);
      if (upload === 'malformed') return sendRefusal(request, response, refused(400, 'error.invalidRequest'));
      return sendOutcome(
        request,
        response,
        await service.updateProfile(request.auth!.userId, upload, { ip: request.ip }),
      );
    },
  });

  app.route({
    method: GET_KEYCLOAK_USER_PICTURE.method,
    url: GET_KEYCLOAK_USER_PICTURE.path,
    config: { access: 'signedIn', rateLimit: reads },
    schema: { tags, summary: 'The signed-in user’s own profile picture (WebP)', security },
    handler: async (request, response) => {
      const picture = await service.getPicture(request.auth!.userId);
      if (!picture) return sendRefusal(request, response, refused(404, 'account.profile.noPicture'));
      return response
        .header('Content-Type', picture.contentType)
        .header('Content-Disposition', 'inline; filename="profile-picture.webp"')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .header('ETag', `"${picture.sha256}"`)
        .send(Buffer.from(picture.content));
    },
  });

  app.route({
    method: GET_COMMUNICATION_PREFERENCES_VIEW.method,
    url: GET_COMMUNICATION_PREFERENCES_VIEW.path,
    config: { access: 'patient', forbidden: PROFILE_MESSAGES.patientsOnly, rateLimit: reads },
    schema: {
      tags,
      summary:
        'The participant’s e-mail and newsletter subscriptions, and beside them `categories`: whether they get ' +
        'reminders, survey invitations and study news',
      security,
      response: { 200: ZCommunicationPreferencesReply },
    },
    handler: async (request, response) => {
      const outcome = await service.getCommunicationPreferences(request.auth!.userId);
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      return { status: true, data: outcome.data };
    },
  });

  app.route({
    method: PUT_COMMUNICATION_PREFERENCES_UPDATE.method,
    url: PUT_COMMUNICATION_PREFERENCES_UPDATE.path,
    config: { access: 'patient', forbidden: PROFILE_MESSAGES.patientsOnly, rateLimit: writes },
    schema: {
      tags,
      summary:
        'Sets the e-mail and newsletter subscriptions (at least one stays on) and, with the optional `categories` ' +
        '(`{ reminders?, invitations?, news? }`), the categories it names; without it they stay as they are',
      security,
      body: ZCommunicationPreferencesUpdate,
      response: { 200: ZCommunicationPreferencesUpdateReply },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.updateCommunicationPreferences(request.auth!.userId, request.body, { ip: request.ip }),
      ),
  });
};
