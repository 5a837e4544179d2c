import type { Database } from '../../db/client';
import type { Clock } from '../../providers/clock/clock';
import { ttlCache } from '../../lib/ttl-cache';
import { databaseAnswersWithin, pingDatabase } from './repository';

/** How long a successful ping answers health checks: a burst of them pings the database once per interval. */
const HEALTH_PING_REUSE_MS = 5_000;

/** Whether the database is up: for health checks (a recent ping is reused) and readiness (a ping now). */
export function createHealthService(db: Database, clock: Clock) {
  const recentPing = ttlCache(() => pingDatabase(db), HEALTH_PING_REUSE_MS, clock);
  return {
    /** Resolves once the database answered, within the reuse interval; rejects when it does not answer. */
    databaseReady: () => recentPing.get(),
    /** Whether the database answers a ping now, within `timeoutMs`. */
    databaseAnswersWithin: (timeoutMs: number) => databaseAnswersWithin(db, timeoutMs),
  };
}
