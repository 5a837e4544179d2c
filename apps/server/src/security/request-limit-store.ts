import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Clock } from '../providers/clock/clock';
import { attemptKey } from './attempt-limiter';

type Reply = { current: number; ttl: number };
type Callback = (error: Error | null, reply?: Reply) => void;

/**
 * A process takes an address's request numbers from the database this many to a limit at a time (at least one):
 * with a limit of 300, six per statement. Limits under 100 count every request in the database.
 */
export const LEASE_SHARE = 50;

/** The request numbers of one address and window that this process took and has not handed out yet. */
interface Lease {
  next: number;
  last: number;
  /** The statement taking the next numbers, which requests arriving meanwhile wait for. */
  taking?: Promise<void>;
}

/** How many numbers one statement takes for a limit of `max` requests a window. */
export const leaseSize = (max: number) => Math.max(1, Math.floor(max / LEASE_SHARE));

/**
 * A request-limit store for @fastify/rate-limit that counts in the database, so every server process on one
 * PostgreSQL shares each per-IP limit. Fixed windows of the route's length. Each request of an address gets the
 * next number of its window, and the plugin refuses numbers above the limit, so all processes together never let
 * more requests through than the limit. A process takes numbers in blocks (`leaseSize`), one statement per block,
 * which counts them and drops the address's earlier windows of that route; a number taken and not used before the
 * window ends is lost, so an address may be refused up to (processes - 1) × (block - 1) requests early. Once an
 * address is past its limit in this process, its further requests of the window are refused without a statement.
 * The address is kept in the database only as a SHA-256.
 */
export function databaseRequestLimitStore(db: Database, clock: Clock) {
  return class DatabaseRequestLimitStore implements FastifyRateLimitStore {
    /** The route whose requests this store counts: the plugin makes one child store per limited route. */
    private readonly scope: string;
    /** The window the leases belong to; they are dropped when the next one starts. */
    private windowStart = 0;
    private readonly leases = new Map<string, Lease>();

    /** The plugin builds the first store with its settings; each child with the route it counts. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    incr(ip: string, callback: Callback, timeWindow: number, max: number) {
      const now = clock.now().getTime();
      const windowStart = now - (now % timeWindow);
      if (windowStart !== this.windowStart) {
        this.windowStart = windowStart;
        this.leases.clear();
      }
      this.number(ip, windowStart, max).then(
        (current) => callback(null, { current, ttl: windowStart + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }

    /** The address's next request number in the window: from this process's block, else from a new one. */
    private async number(ip: string, windowStart: number, max: number): Promise<number> {
      let lease = this.leases.get(ip);
      if (!lease) {
        lease = { next: 1, last: 0 };
        this.leases.set(ip, lease);
      }
      for (;;) {
        // Numbers only grow within a window: past the limit here, every later request is past it too.
        if (lease.next <= lease.last || lease.last > max) return lease.next++;
        lease.taking ??= this.take(lease, ip, windowStart, leaseSize(max)).finally(() => {
          lease.taking = undefined;
        });
        await lease.taking;
      }
    }

    private async take(lease: Lease, ip: string, windowStart: number, size: number) {
      const key = attemptKey('rate', `${this.scope} ${ip}`);
      const at = new Date(windowStart).toISOString();
      const result = await db.execute(
        sql`with earlier as (
                delete from attempt_counters where key = ${key} and window_start < ${at}::timestamptz
              )
              insert into attempt_counters (key, window_start, count) values (${key}, ${at}::timestamptz, ${size})
              on conflict (key, window_start) do update set count = attempt_counters.count + ${size}
              returning count`,
      );
      const [row] = (result as unknown as { rows: { count: number }[] }).rows;
      lease.last = Number(row?.count ?? size);
      lease.next = lease.last - size + 1;
    }

    /** The store of one limited route; the plugin hands over the route's settings with the route itself. */
    child(settings: object): FastifyRateLimitStore {
      const route = (settings as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRequestLimitStore(`${String(route?.method)} ${String(route?.url)}`);
    }
  };
}
