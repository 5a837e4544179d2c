import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@portal/shared/constants';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Clock } from './providers/clock/clock';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logging';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { healthRoutes } from './modules/health/routes';
import { referenceRoutes } from './modules/reference/routes';
import { createReferenceService, type ReferenceService } from './modules/reference/service';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService, type SettingsService } from './modules/settings/service';

export interface AppServices {
  reference: ReferenceService;
  settings: SettingsService;
}

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
}

/** Builds the whole portal (plugins: external, then app, then routes) without listening. */
export async function buildApp(options: BuildAppOptions) {
  const { env, db, clock } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('services', {
    reference: createReferenceService({ db, clock }),
    settings: createSettingsService({
      db,
      clock,
      payloadKey: env.PAYLOAD_KEY,
      captchaEnabled: env.CAPTCHA_ENABLED,
    }),
  });

  // External plugins.
  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await registerApiDocs(app);

  // App plugins.
  registerErrorHandler(app);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(referenceRoutes);
      await api.register(settingsRoutes);
    },
    { prefix: API_BASE },
  );
  await registerWebApp(app, options.webDistDir);
  return app;
}
export type PortalApp = Awaited<ReturnType<typeof buildApp>>;
