import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_COUNT_LIMIT,
  AUDIT_LOG_PAGE_SIZES,
  ZAuditPageQuery,
  ZAuditPageReply,
  ZAuditSearch,
  ZTimelineParams,
  ZTimelineReply,
  POST_AUDIT_LOG,
  POST_AUDIT_LOG_EXPORT,
  GET_AUDIT_PARTICIPANTS_TIMELINE,
} from '@portal/shared/audit-log/audit-log';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage } from '../../lib/localize';
import { sendDataOutcome } from '../../lib/outcome';
import { sendCsv } from '../../lib/send-csv';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { scopeOf } from '../../security/participant-scope';

const tags = ['audit'];
const security = [{ bearerAuth: [] }];
const SEARCH =
  'participant (the subject: an e-mail address in any letter case, or a user ID), actor (e-mail or user ID), ' +
  'action, and from/to (YYYY-MM-DD, days of the study time zone, both included, five years at most), in the ' +
  'body so that addresses never reach an access log';

/** The Audit Log tab of System Options: administrators only. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auditLog;
  const reads = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };
  const exports = { rateLimit: perIpRateLimit(app.env, 10, MINUTE_MS) };

  app.route({
    method: POST_AUDIT_LOG.method,
    url: POST_AUDIT_LOG.path,
    config: { access: 'auditLog.view', ...reads },
    schema: {
      tags,
      summary:
        `Searches the audit trail by ${SEARCH}. Newest first, paged (sizes ${AUDIT_LOG_PAGE_SIZES.join(', ')}); ` +
        `the count stops at ${AUDIT_COUNT_LIMIT} (moreThanTotal then says there are more) and so does paging. ` +
        'Each record: when, the action, the actor (null: the system) and the subject with their e-mails, the IP ' +
        'and the details as written (administrators)',
      security,
      querystring: ZAuditPageQuery,
      body: ZAuditSearch,
      response: { 200: ZAuditPageReply, 400: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.search(request.body, request.query)),
  });

  app.route({
    method: POST_AUDIT_LOG_EXPORT.method,
    url: POST_AUDIT_LOG_EXPORT.path,
    config: { access: 'auditLog.view', ...exports },
    schema: {
      tags,
      summary:
        `Every record a search finds (${SEARCH}) as a UTF-8 CSV file, newest first: at (UTC), actor, actorId, ` +
        'action, participant, participantId, ip, details (JSON). The export is itself recorded ' +
        '(auditLog.exported) (administrators)',
      security,
      body: ZAuditSearch,
      response: { 200: z.string(), 400: ZErrorReply },
    },
    handler: async (request, response) => {
      const lines = await service.exportCsv(request.auth!.userId, request.body, {
        ip: request.ip,
        language: requestLanguage(request),
      });
      return sendCsv(response, lines, `audit-log-${request.body.from}-${request.body.to}.csv`);
    },
  });

  app.route({
    method: GET_AUDIT_PARTICIPANTS_TIMELINE.method,
    url: GET_AUDIT_PARTICIPANTS_TIMELINE.path,
    config: { access: 'auditLog.view', ...reads },
    schema: {
      tags,
      summary:
        'One participant’s history, oldest first: account, e-mails (with why one was not sent), sign-ins, ' +
        'consent signatures and re-consent requests, questionnaires started and submitted, verification ' +
        'changes and the withdrawal, each with its kind and a short description (administrators)',
      security,
      params: ZTimelineParams,
      response: { 200: ZTimelineReply, 400: ZErrorReply, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(
        request,
        response,
        await service.timeline(scopeOf(request.auth!), request.params.id, requestLanguage(request)),
      ),
  });
};
