import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ZHealthReply } from '@portal/shared/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Answers once the database is ready', response: { 200: ZHealthReply } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: true as const };
    },
  );
};
