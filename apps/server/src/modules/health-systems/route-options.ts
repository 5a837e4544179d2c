import type { FastifyInstance } from 'fastify';
import { perIpRateLimit } from '../../plugins/rate-limits';

const MINUTE_MS = 60_000;
export const tags = ['health-system-management'];
export const security = [{ bearerAuth: [] }];

/** The rate limits of Health System Management's reads and writes. */
export function callLimits(app: FastifyInstance) {
  return {
    reads: { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) },
    writes: { rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) },
  };
}
