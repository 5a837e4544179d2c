import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  DOWNLOAD_EXPORT_RUN,
  GET_EXPORT_RUN,
  LIST_EXPORT_RUNS,
  START_EXPORT_RUN,
  ZExportRunParams,
  ZExportRunReply,
  ZExportRunsReply,
  ZStartExportRun,
} from '@portal/shared/data-export/export-runs';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendDataOutcome, sendRefusal } from '../../../lib/outcome';
import { perIpRateLimit } from '../../../plugins/rate-limits';
import { exporterOf } from '../exporter';

const tags = ['data-export'];
const security = [{ bearerAuth: [] }];
const WHO = '(staff with de-identified export; identified runs need identified export)';

/** Export runs of the Data Export tab: one zip archive per run, written by a job, kept 7 days. */
export const exportRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.exportRuns;
  const reads = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };
  const writes = { rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) };

  app.route({
    method: START_EXPORT_RUN.method,
    url: START_EXPORT_RUN.path,
    config: { access: 'export.deidentified', ...writes },
    schema: {
      tags,
      summary:
        'Queues an export run: forms (questionnaire versions {formKey, version}) and registers (consent, ' +
        'verification, studyStatus), at least one of them; formats (dataPackage, redcap, fhir), at least one; ' +
        'from and to (YYYY-MM-DD, both days included, in the study time zone, five years at most), optional; ' +
        'deidentified. A job writes one zip archive with a README stating each file, its rows and SHA-256; the ' +
        'reply is the queued run (202). 409 while the caller has a run queued or running; 403 for an identified ' +
        `run without identified export; audited ${WHO}`,
      security,
      body: ZStartExportRun,
      response: { 202: ZExportRunReply, 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await service.start(exporterOf(request), request.body);
      if (outcome.ok) response.code(202);
      return sendDataOutcome(request, response, outcome);
    },
  });

  app.route({
    method: LIST_EXPORT_RUNS.method,
    url: LIST_EXPORT_RUNS.path,
    config: { access: 'export.deidentified', ...reads },
    schema: {
      tags,
      summary: `The caller's export runs of the last 7 days, newest first, with their progress and archive ${WHO}`,
      security,
      response: { 200: ZExportRunsReply },
    },
    handler: async (request) => ({ status: true, data: await service.list(request.auth!.userId) }),
  });

  app.route({
    method: GET_EXPORT_RUN.method,
    url: GET_EXPORT_RUN.path,
    config: { access: 'export.deidentified', ...reads },
    schema: {
      tags,
      summary: `One of the caller's export runs; another person's is not found (404) ${WHO}`,
      security,
      params: ZExportRunParams,
      response: { 200: ZExportRunReply, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.get(request.auth!.userId, request.params.id)),
  });

  app.route({
    method: DOWNLOAD_EXPORT_RUN.method,
    url: DOWNLOAD_EXPORT_RUN.path,
    config: { access: 'export.deidentified', stepUp: true, ...writes },
    schema: {
      tags,
      summary:
        'The zip archive of one of the caller\u2019s done runs (application/zip, its SHA-256 in the ' +
        'x-content-sha256 header), for 7 days after it was done: 404 for another person\u2019s run, 409 while it ' +
        `is being written, 410 once expired, 403 for an identified run once the caller may no longer have one; audited ${WHO}`,
      security,
      params: ZExportRunParams,
      response: { 200: z.any(), 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 410: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await service.archive(exporterOf(request), request.params.id);
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      const { fileName, bytes, sha256, parts } = outcome.data;
      return response
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('content-length', String(bytes))
        .header('x-content-sha256', sha256)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(parts));
    },
  });
};
