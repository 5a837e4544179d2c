import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { HOUR_MS, MINUTE_MS } from '@portal/shared/durations';
import {
  STAFF_PAGE_SIZES,
  ZInvitationAccept,
  ZInvitationAcceptReply,
  ZInvitationToken,
  ZInvitationVerifyReply,
  ZStaffIdParams,
  ZStaffInvitation,
  ZStaffMemberReply,
  ZStaffPageReply,
  ZStaffQuery,
  ZStaffSearch,
  ZStaffUpdate,
  DELETE_STAFF_INVITATION,
  POST_STAFF_SEARCH,
  POST_STAFF_DEACTIVATE,
  POST_STAFF_INVITATION,
  POST_STAFF_INVITATION_ACCEPT,
  POST_STAFF_INVITATION_RESEND,
  POST_STAFF_INVITATION_VERIFY,
  POST_STAFF_REACTIVATE,
  PUT_STAFF,
} from '@portal/shared/staff/staff';
import { POST_STAFF_FACTORS_RESET } from '@portal/shared/staff/second-factor';
import { requestLanguage, translate } from '../../lib/localize';
import { setLoginAttemptCookie } from '../../lib/login-attempt-cookie';
import { sendDataOutcome, sendRefusal } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';
import type { Actor, StaffOutcome } from './changes';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** The member a change left, with its message in the reader's language; or the refusal. */
function sendStaffOutcome(request: FastifyRequest, response: FastifyReply, outcome: StaffOutcome) {
  if (!outcome.ok) return sendRefusal(request, response, outcome);
  return response.send({
    status: true,
    message: translate(requestLanguage(request), outcome.message),
    data: outcome.data,
  });
}

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.auth!.userId, ip: request.ip });

/** The Staff tab of System Options (study administrators), and the invitation page's two public calls. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.staff;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);

  app.route({
    method: POST_STAFF_SEARCH.method,
    url: POST_STAFF_SEARCH.path,
    config: { access: 'staff.manage', rateLimit: reads },
    schema: {
      tags,
      summary:
        `Staff members, paged (sizes ${STAFF_PAGE_SIZES.join(', ')}), searched (in the body, so that names and addresses reach no access log) by name or e-mail in any letter case, ` +
        'sorted by name (default), email, role, status or lastSignInAt: role, health systems, status (invited, ' +
        'active, deactivated), language, last sign-in and when an open invitation expires',
      security,
      querystring: ZStaffQuery,
      body: ZStaffSearch,
      response: { 200: ZStaffPageReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.list({ ...request.query, ...request.body }) }),
  });

  app.route({
    method: POST_STAFF_INVITATION.method,
    url: POST_STAFF_INVITATION.path,
    config: { access: 'staff.manage', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary:
        'Invites a staff member: the account (invited until accepted), its role and, for a coordinator, its health ' +
        'systems (required; ignored for other roles), and a one-use link for 7 days e-mailed in the chosen language',
      security,
      body: ZStaffInvitation,
      response: { 200: ZStaffMemberReply, ...refusals },
    },
    handler: async (request, response) =>
      sendStaffOutcome(request, response, await service.invite(actorOf(request), request.body)),
  });

  app.route({
    method: PUT_STAFF.method,
    url: PUT_STAFF.path,
    config: { access: 'staff.manage', stepUp: true, rateLimit: writes },
    schema: {
      tags,
      summary:
        'Changes a staff member’s role and health systems, in force from their next call; not one’s own role, and ' +
        'never the last active study administrator’s',
      security,
      params: ZStaffIdParams,
      body: ZStaffUpdate,
      response: { 200: ZStaffMemberReply, ...refusals },
    },
    handler: async (request, response) =>
      sendStaffOutcome(request, response, await service.update(actorOf(request), request.params.id, request.body)),
  });

  /** The changes to one member that take only its ID, each answering the member it left. */
  const memberActions = [
    {
      call: POST_STAFF_INVITATION_RESEND,
      act: service.resend,
      summary: 'E-mails an invited person a new link; the earlier one stops working',
    },
    {
      call: DELETE_STAFF_INVITATION,
      act: service.cancel,
      summary: 'Cancels an invitation: the link stops working and the person is deactivated (Reactivate invites again)',
    },
    {
      call: POST_STAFF_DEACTIVATE,
      act: service.deactivate,
      summary:
        'Deactivates a staff member: sign-in refused and every session ended at once; not oneself, and never the ' +
        'last active study administrator',
    },
    {
      call: POST_STAFF_REACTIVATE,
      act: service.reactivate,
      summary:
        'Reactivates a deactivated staff member: active again if they had accepted their invitation, else invited ' +
        'again with a new link',
    },
    {
      call: POST_STAFF_FACTORS_RESET,
      act: service.resetFactors,
      summary:
        'Resets a staff member’s second factors and recovery codes and ends their sessions: they enrol again at ' +
        'their next sign-in, and are told by e-mail',
    },
  ];
  for (const { call, act, summary } of memberActions) {
    app.route({
      method: call.method,
      url: call.path,
      config: { access: 'staff.manage', stepUp: true, rateLimit: writes },
      schema: { tags, summary, security, params: ZStaffIdParams, response: { 200: ZStaffMemberReply, ...refusals } },
      handler: async (request, response) =>
        sendStaffOutcome(request, response, await act(actorOf(request), request.params.id)),
    });
  }

  app.route({
    method: POST_STAFF_INVITATION_VERIFY.method,
    url: POST_STAFF_INVITATION_VERIFY.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 30, HOUR_MS) },
    schema: {
      tags,
      summary: 'Who an invitation link invites (e-mail, first name, language), without using it',
      body: ZInvitationToken,
      response: { 200: ZInvitationVerifyReply, 400: ZErrorReply, 404: ZErrorReply },
    },
    handler: async (request, response) => sendDataOutcome(request, response, await service.verify(request.body.token)),
  });

  app.route({
    method: POST_STAFF_INVITATION_ACCEPT.method,
    url: POST_STAFF_INVITATION_ACCEPT.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 20, HOUR_MS) },
    schema: {
      tags,
      summary:
        'Accepts an invitation, once, with a password under the security policy; the account is then active and ' +
        'the login attempt’s cookie is set for the enrolment of a second factor',
      body: ZInvitationAccept,
      response: { 200: ZInvitationAcceptReply, 400: ZErrorReply, 404: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await service.accept(request.body, { ip: request.ip });
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      setLoginAttemptCookie(
        response,
        { secret: outcome.enrolment.token, expiresAt: outcome.enrolment.expiresAt },
        app.env.PUBLIC_URL,
      );
      return {
        status: true,
        message: translate(requestLanguage(request), outcome.message),
        data: { enrolmentRequired: true as const },
      };
    },
  });
};
