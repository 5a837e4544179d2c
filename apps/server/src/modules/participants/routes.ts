import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '@portal/shared/staff/roles';
import type { FastifyRequest } from 'fastify';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { SIGNED_COPY_FILE_NAME } from '@portal/shared/consent/signed-copy';
import { MINUTE_MS } from '@portal/shared/durations';
import {
  PARTICIPANT_SEARCH_LIMIT,
  ZParticipantActionReply,
  ZParticipantParams,
  ZParticipantSearch,
  ZParticipantSearchReply,
  ZParticipantViewReply,
  ZSignedCopyParams,
  GET_PARTICIPANT,
  GET_PARTICIPANT_SIGNED_COPY,
  POST_PARTICIPANT_RESEND_ACTIVATION,
  POST_PARTICIPANT_UNLOCK,
  POST_PARTICIPANTS_SEARCH,
} from '@portal/shared/participants/participants';
import { requestLanguage } from '../../lib/localize';
import { sendDataOutcome, sendOutcome, sendRefusal } from '../../lib/outcome';
import { sendPdf } from '../../lib/send-pdf';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { scopeOf } from '../../security/participant-scope';
import type { StaffReader } from './service';

const tags = ['participants'];
const security = [{ bearerAuth: [] }];
const SCOPE =
  'Only participants of the caller’s health systems for a scoped role; one outside them is answered as an ' +
  'unknown one (404)';

/** The staff member making the call: who, which participants they may see, from where. */
const readerOf = (request: FastifyRequest): StaffReader => ({
  staffId: request.auth!.userId,
  scope: scopeOf(request.auth!),
  readsAuditTrail: can(request.auth!.staffRole, 'auditLog.view'),
  ip: request.ip,
});

/** The Participants tab of System Options: finding a participant, their view, and the help desk's actions. */
export const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.participants;
  const reads = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };
  const actions = { rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) };

  app.route({
    method: POST_PARTICIPANTS_SEARCH.method,
    url: POST_PARTICIPANTS_SEARCH.path,
    config: { access: 'participants.view', ...reads },
    schema: {
      tags,
      summary:
        'Finds participants by an e-mail address (whole, any letter case), a user ID, or a name (each word the ' +
        `start of the first or last name, any letter case), in the body so that addresses never reach an access log. ` +
        `At most ${PARTICIPANT_SEARCH_LIMIT}, by last and first name; more: others matched too. Each: id, name, ` +
        `e-mail, health system and account state. ${SCOPE}. Recorded (participant.searched) without its text`,
      security,
      body: ZParticipantSearch,
      response: { 200: ZParticipantSearchReply, 400: ZErrorReply },
    },
    handler: async (request) => ({
      status: true,
      data: await service.search(readerOf(request), request.body.query),
    }),
  });

  app.route({
    method: GET_PARTICIPANT.method,
    url: GET_PARTICIPANT.path,
    config: { access: 'participants.view', ...reads },
    schema: {
      tags,
      summary:
        'The participant view: account state (awaiting activation, active, locked until, withdrawn), health ' +
        'system, language, registration and activation dates, a pending withdrawal request, the consent ' +
        'versions signed, the survey rounds and where each questionnaire stands (never the answers), and the ' +
        `history with every e-mail and reminder sent or not sent and why. ${SCOPE}. Each view is recorded ` +
        '(participant.viewed)',
      security,
      params: ZParticipantParams,
      response: { 200: ZParticipantViewReply, 400: ZErrorReply, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(
        request,
        response,
        await service.view(readerOf(request), request.params.id, requestLanguage(request)),
      ),
  });

  app.route({
    method: GET_PARTICIPANT_SIGNED_COPY.method,
    url: GET_PARTICIPANT_SIGNED_COPY.path,
    config: { access: 'participants.signedCopies', ...reads },
    schema: {
      tags,
      summary:
        `One of the participant’s signed consent copies (a PDF download), checked against its recorded hash. ${SCOPE}. ` +
        'Each download is recorded (participant.signedCopyDownloaded)',
      security,
      params: ZSignedCopyParams,
    },
    handler: async (request, response) => {
      const { id, signatureId } = request.params;
      const outcome = await service.signedCopy(readerOf(request), id, signatureId);
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      return sendPdf(response, outcome.data, SIGNED_COPY_FILE_NAME);
    },
  });

  app.route({
    method: POST_PARTICIPANT_RESEND_ACTIVATION.method,
    url: POST_PARTICIPANT_RESEND_ACTIVATION.path,
    config: { access: 'participants.resendActivation', ...actions },
    schema: {
      tags,
      summary:
        'Sends the participant a new activation e-mail with a fresh link, as registration’s resend does, while the ' +
        `account awaits activation; refused (409) once it is active or withdrawn. ${SCOPE}. Recorded ` +
        '(participant.activationResent)',
      security,
      params: ZParticipantParams,
      response: { 200: ZParticipantActionReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.resendActivation(readerOf(request), request.params.id)),
  });

  app.route({
    method: POST_PARTICIPANT_UNLOCK.method,
    url: POST_PARTICIPANT_UNLOCK.path,
    config: { access: 'participants.unlock', ...actions },
    schema: {
      tags,
      summary:
        'Lifts the lock that failed sign-ins put on the account and forgets the failures; refused (409) when it is ' +
        `not locked. ${SCOPE}. Recorded (participant.unlocked)`,
      security,
      params: ZParticipantParams,
      response: { 200: ZParticipantActionReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(request, response, await service.unlock(readerOf(request), request.params.id)),
  });
};
