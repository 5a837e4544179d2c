import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Clock } from '../providers/clock/clock';
import { attemptKey } from './attempt-limiter';

/** A request's number in its key's window, and the milliseconds left of that window. */
export interface Counted {
  current: number;
  ttl: number;
}

/** Counts the requests of each key (an address, a user) to one limited route in windows of `timeWindow`. */
export interface RequestLimitStore {
  /** Counts one request: at once when no statement is needed, else once the statement has answered. */
  incr(key: string, timeWindow: number, max: number): Counted | Promise<Counted>;
}

/** The store of one limited route (`GET /path`), or of one limit several routes share. */
export type RequestLimitStores = (scope: string) => RequestLimitStore;

/** How many keys one route's memory store remembers; past it the least recently seen is forgotten. */
export const MEMORY_KEYS = 5000;

/**
 * Per-route counts in this process's memory (the embedded database has one process). A key's window starts at
 * its first request and lasts `timeWindow`.
 */
export function memoryRequestLimits(): RequestLimitStores {
  return () => {
    /** Least recently seen first: a key seen again is moved to the end (unless it is the last already). */
    const windows = new Map<string, { current: number; start: number }>();
    let newest: string | undefined;
    return {
      incr(key, timeWindow) {
        const now = Date.now();
        let window = windows.get(key);
        if (!window || window.start + timeWindow <= now) window = { current: 0, start: now };
        window.current += 1;
        if (key !== newest) windows.delete(key);
        newest = key;
        windows.set(key, window);
        if (windows.size > MEMORY_KEYS) windows.delete(windows.keys().next().value!);
        return { current: window.current, ttl: window.start + timeWindow - now };
      },
    };
  };
}

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
 * Per-route counts in the database, so every server process on one PostgreSQL shares each limit. Fixed windows
 * of the route's length. Each request of an address gets the next number of its window, and numbers above the
 * limit are refused, so all processes together never let more requests through than the limit. A process takes
 * numbers in blocks (`leaseSize`), one statement per block, which counts them and drops the address's earlier
 * windows of that route; a number taken and not used before the window ends is lost, so an address may be refused
 * up to (processes - 1) × (block - 1) requests early. A number of the block in hand is given in the same tick;
 * once an address is past its limit in this process, its further requests of the window are refused without a
 * statement. The address is kept in the database only as a SHA-256.
 */
export function databaseRequestLimits(db: Database, clock: Clock): RequestLimitStores {
  return (scope) => {
    /** The window the leases belong to; they are dropped when the next one starts. */
    let windowStart = 0;
    const leases = new Map<string, Lease>();

    async function take(lease: Lease, subject: string, start: number, size: number) {
      const key = attemptKey('rate', `${scope} ${subject}`);
      const at = new Date(start).toISOString();
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

    /** The key's next number in the window: from this process's block, else (waiting) from a new one. */
    function number(lease: Lease, key: string, start: number, max: number): number | Promise<number> {
      // Numbers only grow within a window: past the limit here, every later request is past it too.
      if (lease.next <= lease.last || lease.last > max) return lease.next++;
      lease.taking ??= take(lease, key, start, leaseSize(max)).finally(() => {
        lease.taking = undefined;
      });
      return lease.taking.then(() => number(lease, key, start, max));
    }

    return {
      incr(key, timeWindow, max) {
        const now = clock.now().getTime();
        const start = now - (now % timeWindow);
        if (start !== windowStart) {
          windowStart = start;
          leases.clear();
        }
        let lease = leases.get(key);
        if (!lease) leases.set(key, (lease = { next: 1, last: 0 }));
        const ttl = start + timeWindow - now;
        const current = number(lease, key, start, max);
        return typeof current === 'number' ? { current, ttl } : current.then((taken) => ({ current: taken, ttl }));
      },
    };
  };
}
