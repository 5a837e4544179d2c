import type { FastifyInstance } from 'fastify';
import { ROLES } from '@portal/shared/constants';
import { perIpRateLimit } from '../../plugins/rate-limits';

const MINUTE_MS = 60_000;
export const tags = ['health-system-management'];
export const security = [{ bearerAuth: [] }];

/** Every call of Health System Management is an administrator's: reads and writes with their own rate limits. */
export function adminCalls(app: FastifyInstance) {
  const onRequest = app.requireRole(ROLES.admin);
  return {
    reads: { onRequest, config: { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) } },
    writes: { onRequest, config: { rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) } },
  };
}
