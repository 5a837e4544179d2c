import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { addScheduledJobs } from './app-jobs';
import { registerApiRoutes } from './app-routes';
import { createAppServices, type AppServices } from './app-services';
import { localChangeNotices, type ChangeNotices } from './db/change-notices';
import type { Database, JobsConnection } from './db/client';
import type { Env } from './env';
import { createScheduler } from './jobs/scheduler';
import { registerApiDocs } from './plugins/api-docs';
import { registerAccess } from './plugins/access';
import { registerErrorHandler } from './plugins/error-handler';
import { clientErrorHandler, frameworkErrors, registerClosingRefusal } from './plugins/http-envelope';
import { loggerOptions, requestLogger } from './plugins/logging';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import type { Clock } from './providers/clock/clock';
import type { MailTransport } from './providers/mail/mail-transport';
import { outboxTransport } from './providers/mail/outbox-transport';
import { dkimOptions } from './providers/mail/dkim';
import type { FetchText } from './modules/mail-events/sns-signature';
import { smtpTransport } from './providers/mail/smtp-transport';
import { fileStoreFor, type FileStore } from './providers/storage/file-store';
import { databaseRequestLimits, memoryRequestLimits } from './security/request-limit-store';
import type { TokenSigningKey } from './security/token-signing-key';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Database;
    clock: Clock;
    services: AppServices;
  }
}

export interface BuildAppOptions {
  env: Env;
  db: Database;
  clock: Clock;
  /** Directory of the built web app; omitted in API-only tests. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where e-mail goes; by default SMTP when SMTP_URL is set, else the database outbox. */
  mailTransport?: MailTransport;
  /** The key that signs access tokens (security/token-signing-key.ts). */
  tokenSigningKey: TokenSigningKey;
  /** Where documents are kept; by default the bucket of S3_URL when it is set, else the database. */
  files?: FileStore;
  /**
   * Count per-IP request limits in the database, shared by every server process on one PostgreSQL; otherwise in
   * this process's memory (the embedded database has one process).
   */
  sharedRequestLimits?: boolean;
  /**
   * Where the scheduler keeps its jobs; without it no scheduled work runs (API tests run the jobs themselves).
   * The server always passes it.
   */
  jobs?: JobsConnection;
  /**
   * How a change of cached settings or health systems reaches the other server processes on the database (the
   * database handle's); by default it reaches this process only.
   */
  changes?: ChangeNotices;
  /** How the server GETs an outside URL (SNS signing certificates, subscription links); by default fetch. */
  fetchText?: FetchText;
}

/** Builds the whole portal (plugins: external, then app, then routes) without listening. */
export async function buildApp(options: BuildAppOptions) {
  const { env, db, clock } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    childLoggerFactory: requestLogger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Replies the HTTP layer makes by itself keep the envelope too.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('clock', clock);
  const metrics = createMetrics(db);
  const files = options.files ?? (await fileStoreFor(env.S3_URL));
  const jobs = options.jobs;
  const scheduler = jobs ? createScheduler(jobs, app.log, metrics.jobRan, env.SCHEDULER_INTERVAL_S) : undefined;
  const services = createAppServices({
    env,
    db,
    clock,
    log: app.log,
    files,
    mailTransport:
      options.mailTransport ??
      (env.SMTP_URL ? smtpTransport(env.SMTP_URL, undefined, dkimOptions(env)) : outboxTransport(app.log)),
    tokenSigningKey: options.tokenSigningKey,
    changes: options.changes ?? localChangeNotices(),
    fetchText: options.fetchText,
    metrics,
    /**
     * Runs a job once more at a due time. Without a scheduler (API tests) nothing runs by itself, and a run that
     * could not be scheduled is caught by the job's every-minute run.
     */
    runJobAt: (job) => (at) =>
      void scheduler?.runAt(job, at).catch((error: unknown) => {
        app.log.error({ err: error, job }, 'could not schedule a job run');
      }),
  });
  app.decorate('services', services);
  const { mailer } = services;
  if (jobs && scheduler) {
    addScheduledJobs(scheduler, services);
    app.addHook('onReady', async () => {
      if (jobs.kind === 'pglite') await mailer.releaseClaims();
      await scheduler.start();
    });
  }
  // On close nothing new is claimed or started, and deliveries under way get a moment, before the database closes.
  app.addHook('onClose', async () => {
    const mailClosed = mailer.close();
    await scheduler?.stop();
    await mailClosed;
    if (!options.files) files.bucket?.close();
  });

  // External plugins.
  registerSecurityHeaders(app);
  registerClosingRefusal(app);
  await app.register(cookie);
  await registerApiDocs(app);

  // App plugins.
  registerErrorHandler(app);
  registerRateLimits(app, options.sharedRequestLimits ? databaseRequestLimits(db, clock) : memoryRequestLimits());
  registerAccess(app, services.auth.authenticate, services.dashboardTokens, services.secondFactor.stepUpNeeded);
  registerMetrics(app, metrics);

  await registerApiRoutes(app, scheduler);
  await registerWebApp(app, options.webDistDir);
  return app;
}
export type PortalApp = Awaited<ReturnType<typeof buildApp>>;
