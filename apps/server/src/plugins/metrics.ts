import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { API_BASE } from '@portal/shared/constants';
import { MINUTE_MS } from '@portal/shared/durations';
import type { Database } from '../db/client';
import { requestLanguage, translate } from '../lib/localize';
import { hashSecret, sameHash } from '../security/one-use-token';
import { bearerToken } from './access';
import { httpRequestMetrics } from './http-metrics';
import { perIpRateLimit } from './rate-limits';

/** What became of one attempt to deliver an e-mail; `retried` failed and will be tried again. */
export type MailOutcome = 'sent' | 'failed' | 'suppressed' | 'retried';

/** The connection counts node-postgres keeps on its pool; the embedded database has no pool. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function poolOf(db: Database): PoolCounts | undefined {
  const client = (db as { $client?: Partial<PoolCounts> }).$client;
  return typeof client?.totalCount === 'number' ? (client as PoolCounts) : undefined;
}

/** The route label of a request that matched no route, so unknown paths never become labels of their own. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The portal's Prometheus metrics: HTTP requests (http-metrics.ts), and in a registry of the app's own (several
 * apps in one process never share one) scheduled job runs, e-mail deliveries, the database pool and the process.
 */
export function createMetrics(db: Database) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter({ name, help, labelNames, registers });
  const httpRequests = httpRequestMetrics();
  const jobRuns = counter(
    'scheduler_job_runs_total',
    'Runs of scheduled jobs in this process, failed ones included, by job',
    ['job'],
  );
  const jobFailures = counter(
    'scheduler_job_failures_total',
    'Runs of scheduled jobs in this process that failed, by job',
    ['job'],
  );
  const mailDeliveries = counter(
    'mail_deliveries_total',
    'E-mail delivery attempts by outcome: sent, failed for good, retried later, suppressed',
    ['outcome'],
  );
  const pool = poolOf(db);
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool: open connections (total), idle ones, and queries waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return {
    contentType: registry.contentType,
    /** Every metric in the Prometheus text format. */
    text: async () => `${await registry.metrics()}\n${httpRequests.text()}`,
    /** Counts and times one answered request; `route` is its pattern, never the URL with ids or a query. */
    requestAnswered(method: string, route: string | undefined, statusCode: number, seconds: number) {
      httpRequests.record(method, route ?? UNMATCHED_ROUTE, statusCode, seconds);
    },
    jobRan(job: string, failed: boolean) {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },
    mailDelivered: (outcome: MailOutcome) => mailDeliveries.inc({ outcome }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Times every request, and serves the metrics at `/metrics` to a scraper that sends METRICS_TOKEN as its bearer
 * token (compared in constant time). Without METRICS_TOKEN the path answers 404, as any unknown path.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const token = app.env.METRICS_TOKEN;
  if (!token) return;
  const tokenHash = hashSecret(token);
  app.get(
    `${API_BASE}/metrics`,
    {
      onRequest: async (request, reply) => {
        const offered = bearerToken(request);
        if (offered && sameHash(tokenHash, hashSecret(offered))) return;
        return reply
          .code(401)
          .send({ status: false, message: translate(requestLanguage(request), 'service.metricsTokenRequired') });
      },
      config: { access: 'ownKey', rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics in the text format, with METRICS_TOKEN as the bearer token (404 when unset)',
        security: [{ bearerAuth: [] }],
        response: { 200: z.string(), 401: ZErrorReply },
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
}
