import type { FastifyReply } from 'fastify';
import type { Clock } from '../providers/clock/clock';
import { ttlCache } from './ttl-cache';

/**
 * A reply body kept as its serialized JSON envelope for `ttlMs`. Hot unauthenticated reads send the
 * same bytes to every visitor; serializing them once per period instead of per request keeps the
 * reference calls close to a bare route's throughput (see `npm run bench`).
 */
export function cachedReply<T>(loader: () => Promise<T>, ttlMs: number, clock: Clock) {
  const cache = ttlCache(
    async () => {
      const data = await loader();
      return { data, json: JSON.stringify({ status: true, data }) };
    },
    ttlMs,
    clock,
  );
  return {
    data: async () => (await cache.get()).data,
    /** Sends the cached envelope as-is; Fastify does not serialize a string body again. */
    send: async (reply: FastifyReply) => reply.type('application/json; charset=utf-8').send((await cache.get()).json),
    invalidate: cache.invalidate,
  };
}
