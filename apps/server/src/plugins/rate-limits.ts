import type { Env } from '../env';

const MINUTE_MS = 60_000;

/** Per-IP limit for unauthenticated reads; RATE_LIMIT_FACTOR scales every per-IP limit (CONTRACT.md). */
export function publicReadRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>) {
  return { max: Math.ceil(600 * env.RATE_LIMIT_FACTOR), timeWindow: MINUTE_MS };
}
