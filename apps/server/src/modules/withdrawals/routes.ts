import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  PENDING_REQUEST_PAGE_SIZES,
  ZDeleteManualWithdrawQuery,
  ZManualWithdrawReply,
  ZManualWithdrawRequest,
  ZPendingRequestsQuery,
  ZPendingRequestsReply,
  GET_CONSENT_MANUAL_WITHDRAW,
  POST_CONSENT_MANUAL_WITHDRAW,
  DELETE_CONSENT_MANUAL_WITHDRAW,
} from '@portal/shared/withdrawals/manual-withdraw';
import {
  WITHDRAWAL_USER_PAGE_SIZES,
  ZWithdrawalSummaryQuery,
  ZWithdrawalSummaryReply,
  ZWithdrawalUsersQuery,
  ZWithdrawalUsersReply,
  GET_CONSENT_WITHDRAWAL_USERS,
  GET_CONSENT_WITHDRAWAL_USERS_SUMMARY,
} from '@portal/shared/withdrawals/withdrawal-users';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendOutcome } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { scopeOf } from '../../security/participant-scope';

const tags = ['withdrawals'];
const security = [{ bearerAuth: [] }];

/** The Withdrawals tab of System Options: each staff call within the caller's scope (`scopeOf`). */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.withdrawals;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  const writes = perIpRateLimit(app.env, 30, MINUTE_MS);

  app.route({
    method: GET_CONSENT_WITHDRAWAL_USERS.method,
    url: GET_CONSENT_WITHDRAWAL_USERS.path,
    config: { access: 'withdrawals.view', rateLimit: reads },
    schema: {
      tags,
      summary:
        `Withdrawn participants, paged (sizes ${WITHDRAWAL_USER_PAGE_SIZES.join(', ')}) and sorted by withdrawalDate ` +
        '(newest first by default) or email: the date, reason, and who carried it out (administrators)',
      security,
      querystring: ZWithdrawalUsersQuery,
      response: { 200: ZWithdrawalUsersReply, 400: ZErrorReply },
    },
    handler: async (request) => ({
      status: true,
      data: await service.listWithdrawalUsers(scopeOf(request.auth!), request.query),
    }),
  });

  app.route({
    method: GET_CONSENT_WITHDRAWAL_USERS_SUMMARY.method,
    url: GET_CONSENT_WITHDRAWAL_USERS_SUMMARY.path,
    config: { access: 'dashboards.view', dashboard: 'withdrawals', rateLimit: reads },
    schema: {
      tags,
      summary:
        'The Withdrawals dashboard: withdrawals per month from `from` to `to` (YYYY-MM-DD, both days included, ' +
        'five years at most; the last twelve months unless given) in the study time zone, and of all ' +
        'time, by who carried them out — the participant in the portal, or an administrator on request. Reasons ' +
        'are free text, so this split is the reason group (administrators, or the Withdrawals dashboard token)',
      security,
      querystring: ZWithdrawalSummaryQuery,
      response: { 200: ZWithdrawalSummaryReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.summary(request.query) }),
  });

  app.route({
    method: GET_CONSENT_MANUAL_WITHDRAW.method,
    url: GET_CONSENT_MANUAL_WITHDRAW.path,
    config: { access: 'withdrawals.view', rateLimit: reads },
    schema: {
      tags,
      summary:
        `Pending manual withdrawal requests, paged (sizes ${PENDING_REQUEST_PAGE_SIZES.join(', ')}), the soonest ` +
        'due first unless sorted by requestedAt or email, with the hold in seconds (administrators)',
      security,
      querystring: ZPendingRequestsQuery,
      response: { 200: ZPendingRequestsReply, 400: ZErrorReply },
    },
    handler: async (request) => ({
      status: true,
      data: await service.listPending(scopeOf(request.auth!), request.query),
    }),
  });

  app.route({
    method: POST_CONSENT_MANUAL_WITHDRAW.method,
    url: POST_CONSENT_MANUAL_WITHDRAW.path,
    config: { access: 'withdrawals.record', rateLimit: writes },
    schema: {
      tags,
      summary:
        'Records a withdrawal a participant asked for by phone or letter; it stays pending, and can be deleted, ' +
        'for the hold, then is carried out as the participant’s own withdrawal (administrators)',
      security,
      body: ZManualWithdrawRequest,
      response: { 200: ZManualWithdrawReply, 400: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.request(request.auth!.userId, scopeOf(request.auth!), request.body, { ip: request.ip }),
      ),
  });

  app.route({
    method: DELETE_CONSENT_MANUAL_WITHDRAW.method,
    url: DELETE_CONSENT_MANUAL_WITHDRAW.path,
    config: { access: 'withdrawals.delete', rateLimit: writes },
    schema: {
      tags,
      summary: 'Deletes the pending request of an address, so it is never carried out (administrators)',
      security,
      querystring: ZDeleteManualWithdrawQuery,
      response: { 200: ZManualWithdrawReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.deleteRequest(request.auth!.userId, scopeOf(request.auth!), request.query.email, {
          ip: request.ip,
        }),
      ),
  });
};
