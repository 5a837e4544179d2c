import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Clock } from '../providers/clock/clock';
import { attemptKey } from './attempt-limiter';

type Reply = { current: number; ttl: number };
type Callback = (error: Error | null, reply?: Reply) => void;

/**
 * A request-limit store for @fastify/rate-limit that counts in the database, so every server process on one
 * PostgreSQL shares each per-IP limit. Fixed windows of the route's length; one statement per request counts the
 * request and drops the address's earlier windows of that route. The address is kept only as a SHA-256.
 */
export function databaseRequestLimitStore(db: Database, clock: Clock) {
  return class DatabaseRequestLimitStore implements FastifyRateLimitStore {
    /** The route whose requests this store counts: the plugin makes one child store per limited route. */
    private readonly scope: string;

    /** The plugin builds the first store with its settings; each child with the route it counts. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    incr(ip: string, callback: Callback, timeWindow: number) {
      const now = clock.now().getTime();
      const windowStart = now - (now % timeWindow);
      const key = attemptKey('rate', `${this.scope} ${ip}`);
      const at = new Date(windowStart).toISOString();
      db.execute(
        sql`with earlier as (
              delete from attempt_counters where key = ${key} and window_start < ${at}::timestamptz
            )
            insert into attempt_counters (key, window_start, count) values (${key}, ${at}::timestamptz, 1)
            on conflict (key, window_start) do update set count = attempt_counters.count + 1
            returning count`,
      ).then(
        (result) => {
          const [row] = (result as unknown as { rows: { count: number }[] }).rows;
          callback(null, { current: Number(row?.count ?? 1), ttl: windowStart + timeWindow - now });
        },
        (error: Error) => callback(error),
      );
    }

    /** The store of one limited route; the plugin hands over the route's settings with the route itself. */
    child(settings: object): FastifyRateLimitStore {
      const route = (settings as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRequestLimitStore(`${String(route?.method)} ${String(route?.url)}`);
    }
  };
}
