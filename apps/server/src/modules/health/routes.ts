import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { ZHealthReply, ZReadyReply, GET_HEALTH, GET_HEALTH_LIVE, GET_HEALTH_READY } from '@portal/shared/health';
import { requestLanguage, translate } from '../../lib/localize';
import { createHealthService } from './service';

/** How long readiness waits for the database before it answers not ready. */
const READY_TIMEOUT_MS = 2_000;
const tags = ['health'];

export interface HealthRoutesOptions {
  /** The scheduler of this process, when it runs the scheduled jobs. */
  scheduler?: { running(): boolean };
}

/** Health (database ready, checked at most once per interval), liveness (process up) and readiness (database now). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { scheduler }) => {
  const health = createHealthService(app.db, app.clock);

  app.route({
    method: GET_HEALTH.method,
    url: GET_HEALTH.path,
    config: { access: 'public' },
    schema: { tags, summary: 'Answers once the database is ready', response: { 200: ZHealthReply } },
    handler: async () => {
      await health.databaseReady();
      return { status: true as const };
    },
  });

  app.route({
    method: GET_HEALTH_LIVE.method,
    url: GET_HEALTH_LIVE.path,
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Liveness: the process is up (the database is not asked)',
      response: { 200: ZHealthReply },
    },
    handler: async () => ({ status: true as const }),
  });

  app.route({
    method: GET_HEALTH_READY.method,
    url: GET_HEALTH_READY.path,
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        `Readiness: the database answers now (503 when not within ${READY_TIMEOUT_MS / 1000} s), and whether ` +
        'this process runs the scheduled jobs',
      response: { 200: ZReadyReply, 503: ZErrorReply },
    },
    handler: async (request, reply) => {
      if (!(await health.databaseAnswersWithin(READY_TIMEOUT_MS))) {
        return reply
          .code(503)
          .send({ status: false, message: translate(requestLanguage(request), 'service.databaseUnavailable') });
      }
      return { status: true as const, data: { scheduler: scheduler?.running() ?? false } };
    },
  });
};
