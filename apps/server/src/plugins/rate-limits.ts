import { MINUTE_MS } from '@portal/shared/durations';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env';

/** A per-IP limit of `max` requests per window, multiplied by RATE_LIMIT_FACTOR (1 unless set). */
export function perIpRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>, max: number, timeWindow: number) {
  return { max: Math.ceil(max * env.RATE_LIMIT_FACTOR), timeWindow };
}

/** Per-IP limit for unauthenticated reads. */
export function publicReadRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>) {
  return perIpRateLimit(env, 600, MINUTE_MS);
}

/**
 * A limit of `max` requests per window for each signed-in user rather than each IP (a clinic's many participants
 * may share one address), multiplied by RATE_LIMIT_FACTOR. It is counted after the access check has named the user
 * (`preHandler`); a request without one is counted by its IP.
 */
export function perUserRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>, max: number, timeWindow: number) {
  return {
    ...perIpRateLimit(env, max, timeWindow),
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip),
  };
}
