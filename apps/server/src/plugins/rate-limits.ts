import { MINUTE_MS } from '@portal/shared/durations';
import type { Env } from '../env';

/** A per-IP limit of `max` requests per window, multiplied by RATE_LIMIT_FACTOR (1 unless set). */
export function perIpRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>, max: number, timeWindow: number) {
  return { max: Math.ceil(max * env.RATE_LIMIT_FACTOR), timeWindow };
}

/** Per-IP limit for unauthenticated reads. */
export function publicReadRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>) {
  return perIpRateLimit(env, 600, MINUTE_MS);
}
