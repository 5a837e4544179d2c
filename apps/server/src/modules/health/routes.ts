import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthReply } from '@portal/shared/health';
import { pingDatabase } from './repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Answers once the database is ready', response: { 200: ZHealthReply } } },
    async () => {
      await pingDatabase(app.db);
      return { status: true as const };
    },
  );
};
