import { MINUTE_MS } from '@portal/shared/durations';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import type { Env } from '../env';
import { ipv6Groups } from '../lib/ip-address';
import { requestLanguage, translate } from '../lib/localize';
import type { Counted, RequestLimitStore, RequestLimitStores } from '../security/request-limit-store';

/** A limit of `max` requests per `timeWindow` milliseconds for each key (by default each address). */
export interface RequestLimit {
  max: number;
  timeWindow: number;
  /** The hook that counts: onRequest unless given; preHandler counts once the access check has named the user. */
  hook?: 'onRequest' | 'preHandler';
  /** Whose budget a request spends; by default its address (`addressKey`). */
  keyGenerator?: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's limit, counted per route. */
    rateLimit?: RequestLimit;
  }
  interface FastifyInstance {
    /** A hook that counts requests against one limit, shared by every route that places it among its hooks. */
    rateLimit(limit: RequestLimit): onRequestHookHandler;
  }
}

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
 * (`preHandler`); a request without one is counted by its address.
 */
export function perUserRateLimit(env: Pick<Env, 'RATE_LIMIT_FACTOR'>, max: number, timeWindow: number) {
  return {
    ...perIpRateLimit(env, max, timeWindow),
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip),
  };
}

/**
 * The budget of a request's address: an IPv4 address itself; an IPv6 address its /64 network, which one host
 * usually holds whole (changing addresses within it does not escape the limit), or the IPv4 address it maps.
 */
export function addressKey(request: FastifyRequest): string {
  const ip = request.ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff') {
    const [high, low] = groups.slice(6).map((group) => Number.parseInt(group, 16));
    return [high! >> 8, high! & 255, low! >> 8, low! & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Answers a counted request: within the limit it is told the limit, what remains and the seconds until the window
 * ends (X-RateLimit-*); past it, it is refused with 429 in the envelope, with Retry-After.
 */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  max: number,
  counted: Counted,
) {
  const reset = Math.ceil(counted.ttl / 1000);
  const exceeded = counted.current > max;
  reply
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', exceeded ? 0 : max - counted.current)
    .header('x-ratelimit-reset', reset);
  if (!exceeded) return done();
  reply.header('retry-after', reset);
  const refusal = new Error(translate(requestLanguage(request), 'error.tooManyRequests'));
  done(Object.assign(refusal, { statusCode: 429 }));
}

/**
 * The hook counting requests against `limit` in `store`. A callback hook: a count in memory, or from the block of
 * numbers in hand, is answered in the same tick, without a promise.
 */
function limiter(store: RequestLimitStore, { max, timeWindow, keyGenerator = addressKey }: RequestLimit) {
  const hook: onRequestHookHandler = (request, reply, done) => {
    const counted = store.incr(keyGenerator(request), timeWindow, max);
    if (counted instanceof Promise) counted.then((taken) => answer(request, reply, done, max, taken), done);
    else answer(request, reply, done, max, counted);
  };
  return hook;
}

/**
 * Per-route request limits: a route declares `config.rateLimit` and its requests are counted per route (its
 * method and path) in `stores`; `app.rateLimit(limit)` makes a hook whose one count several routes share.
 */
export function registerRateLimits(app: FastifyInstance, stores: RequestLimitStores) {
  let shared = 0;
  app.decorate('rateLimit', (limit: RequestLimit) => limiter(stores(`shared ${(shared += 1)}`), limit));
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const count = limiter(stores(`${[route.method].flat().join(',')} ${route.url}`), limit);
    if (limit.hook === 'preHandler') route.preHandler = [...[route.preHandler ?? []].flat(), count];
    else route.onRequest = [...[route.onRequest ?? []].flat(), count];
  });
}
