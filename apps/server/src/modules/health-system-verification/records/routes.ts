import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  VERIFICATION_BATCH_PAGE_SIZES,
  VERIFICATION_IDS_MAX,
  VERIFICATION_MESSAGES as M,
  VERIFICATION_PAGE_SIZES,
  VERIFICATION_PREVIEW_SIZES,
  VERIFICATION_UNDO_DAYS,
  ZIdIssuesBody,
  ZIdIssuesQuery,
  ZIdIssuesReply,
  ZVerificationBatchesQuery,
  ZVerificationBatchesReply,
  ZVerificationBatchParams,
  ZVerificationFilter,
  ZVerificationHealthSystemsReply,
  ZVerificationRecordsQuery,
  ZVerificationRecordsReply,
  ZVerificationUndoReply,
  ZVerificationUpdate,
  ZVerificationUpdateReply,
  undoneMessage,
  POST_HEALTH_SYSTEM_VERIFICATION,
  GET_HEALTH_SYSTEM_VERIFICATION_HEALTH_SYSTEMS,
  PUT_HEALTH_SYSTEM_VERIFICATION,
  POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS,
  GET_HEALTH_SYSTEM_VERIFICATION_BATCHES,
  GET_HEALTH_SYSTEM_VERIFICATION_BATCHES_RESULT_CSV,
  POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO,
} from '@portal/shared/health-system-verification/verification-records';
import { MINUTE_MS } from '@portal/shared/durations';
import { requestLanguage, translate } from '../../../lib/localize';
import { refused, sendDataOutcome, sendRefusal } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import { scopeOf } from '../../../security/participant-scope';

const tags = ['health-system-verification'];
const security = [{ bearerAuth: [] }];
/** 100,000 user IDs as JSON (about 4 MB), with room for spacing. */
const ID_LIST_BODY_LIMIT = 6 * 1_048_576;
const refusals = { 400: ZErrorReply, 413: ZErrorReply };

/** A body over the limit says how many IDs fit; any other error goes on to the app's handler. */
function idListErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendRefusal(request, reply, refused(413, M.tooManyIds));
  throw error;
}

/** The Health System Verification tab of System Options: each call within the caller's scope (`scopeOf`). */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.verification;
  const reads = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };
  const idLists = { bodyLimit: ID_LIST_BODY_LIMIT, errorHandler: idListErrors };
  const writes = { rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) };
  const from = (request: FastifyRequest) => ({ ip: request.ip });
  const scope = (request: FastifyRequest) => scopeOf(request.auth!);

  app.route({
    method: POST_HEALTH_SYSTEM_VERIFICATION.method,
    url: POST_HEALTH_SYSTEM_VERIFICATION.path,
    config: { access: 'verification.view', ...reads },
    ...idLists,
    schema: {
      tags,
      summary:
        'Verification records matching user IDs (upper case read as lower case), a health system (`none`: all) ' +
        `or both, paged (sizes ${VERIFICATION_PAGE_SIZES.join(', ')}) and sorted by userId, healthSystem or ` +
        'updatedAt (the most recently updated first by default), with whether the participant withdrew ' +
        '(administrators)',
      security,
      querystring: ZVerificationRecordsQuery,
      body: ZVerificationFilter,
      response: { 200: ZVerificationRecordsReply, ...refusals },
    },
    handler: async (request) => ({
      status: true,
      data: await service.search(scope(request), request.body, request.query),
    }),
  });

  app.route({
    method: GET_HEALTH_SYSTEM_VERIFICATION_HEALTH_SYSTEMS.method,
    url: GET_HEALTH_SYSTEM_VERIFICATION_HEALTH_SYSTEMS.path,
    config: { access: 'verification.view', ...reads },
    schema: {
      tags,
      summary:
        'Every onboarded health system, active or not, by name: value and name; a coordinator gets only their own ' +
        '(administrators)',
      security,
      response: { 200: ZVerificationHealthSystemsReply },
    },
    handler: async (request) => ({ status: true, data: await service.healthSystems(scope(request)) }),
  });

  app.route({
    method: PUT_HEALTH_SYSTEM_VERIFICATION.method,
    url: PUT_HEALTH_SYSTEM_VERIFICATION.path,
    config: { access: 'verification.edit', ...writes },
    ...idLists,
    schema: {
      tags,
      summary:
        `Sets Verified (true) or Rejected (false) on the records of up to ${VERIFICATION_IDS_MAX} user IDs, in one ` +
        'transaction. An ID with no record or of a withdrawn participant refuses the whole update (409, nothing ' +
        'changed) unless skipIdIssues leaves such IDs out; source (single or bulk) says which dialog sent it. ' +
        `A bulk update can be undone for ${VERIFICATION_UNDO_DAYS} days (administrators)`,
      security,
      body: ZVerificationUpdate,
      response: { 200: ZVerificationUpdateReply, ...refusals, 409: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await service.update(request.auth!.userId, scope(request), request.body, from(request));
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      const message = translate(requestLanguage(request), M.updated, { count: outcome.data.applied });
      return { status: true, message, data: outcome.data };
    },
  });

  app.route({
    method: POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS.method,
    url: POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS.path,
    config: { access: 'verification.edit', ...reads },
    ...idLists,
    schema: {
      tags,
      summary:
        'The IDs of the body that cannot be updated, each once, by ID, with the reason: invalid (not a UUID), ' +
        "notFound (no record, or one outside the caller's health systems) or withdrawn; paged (sizes " +
        `${VERIFICATION_PREVIEW_SIZES.join(', ')}) (administrators)`,
      security,
      querystring: ZIdIssuesQuery,
      body: ZIdIssuesBody,
      response: { 200: ZIdIssuesReply, ...refusals },
    },
    handler: async (request) => ({
      status: true,
      data: await service.idIssues(scope(request), request.body.userIds, request.query),
    }),
  });

  app.route({
    method: GET_HEALTH_SYSTEM_VERIFICATION_BATCHES.method,
    url: GET_HEALTH_SYSTEM_VERIFICATION_BATCHES.path,
    config: { access: 'verification.view', ...reads },
    schema: {
      tags,
      summary:
        'The history of bulk updates, health systems’ pushes and undos, the newest first, paged (sizes ' +
        `${VERIFICATION_BATCH_PAGE_SIZES.join(', ')}), with who made each and until when it can be undone ` +
        '(administrators)',
      security,
      querystring: ZVerificationBatchesQuery,
      response: { 200: ZVerificationBatchesReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.batches(scope(request), request.query) }),
  });

  app.route({
    method: GET_HEALTH_SYSTEM_VERIFICATION_BATCHES_RESULT_CSV.method,
    url: GET_HEALTH_SYSTEM_VERIFICATION_BATCHES_RESULT_CSV.path,
    config: { access: 'verification.view', ...reads },
    schema: {
      tags,
      summary:
        'A batch’s result as a CSV file (userId, previousStatus, newStatus, result): each record it changed ' +
        '(updated), then each ID it left out with the reason (administrators)',
      security,
      params: ZVerificationBatchParams,
      response: { 200: z.string(), 400: ZErrorReply, 404: ZErrorReply },
    },
    handler: async (request, response) => {
      const result = await service.resultCsv(scope(request), request.params.id);
      if (!result) return sendRefusal(request, response, refused(404, M.batchNotFound));
      return response
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="verification-batch-${result.date}.csv"`)
        .send(result.csv);
    },
  });

  app.route({
    method: POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO.method,
    url: POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO.path,
    config: { access: 'verification.edit', ...writes },
    schema: {
      tags,
      summary:
        `Undoes a bulk update or a push within ${VERIFICATION_UNDO_DAYS} days, once: each record it set goes back ` +
        'to its earlier status unless a later change touched it or the participant withdrew (kept). The undo ' +
        'is a batch of its own in the history (administrators)',
      security,
      params: ZVerificationBatchParams,
      response: { 200: ZVerificationUndoReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await service.undo(request.auth!.userId, scope(request), request.params.id, from(request));
      if (!outcome.ok) return sendDataOutcome(request, response, outcome);
      const language = requestLanguage(request);
      const message = undoneMessage((key, values) => translate(language, key, values), outcome.data);
      return { status: true, message, data: outcome.data };
    },
  });
};
