import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attemptCounters } from '../db/schema';
import type { Clock } from '../providers/clock/clock';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/** A counter key that names the subject (an e-mail address, say) without storing it. */
export function attemptKey(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject.trim().toLowerCase()).digest('hex')}`;
}

/**
 * Fixed-window limits per account or address, counted in the database so every server process shares
 * them. Unlike the per-IP limits, these ignore RATE_LIMIT_FACTOR, so a load test cannot loosen them.
 */
export function createAttemptLimiter(db: Database, clock: Clock) {
  return {
    /** Counts one attempt; false once the window already holds `max` attempts. */
    async allow(key: string, limit: AttemptLimit): Promise<boolean> {
      const now = clock.now().getTime();
      const windowStart = new Date(now - (now % limit.windowMs));
      const [row] = await db
        .insert(attemptCounters)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [attemptCounters.key, attemptCounters.windowStart],
          set: { count: sql`${attemptCounters.count} + 1` },
        })
        .returning({ count: attemptCounters.count });
      await db
        .delete(attemptCounters)
        .where(and(eq(attemptCounters.key, key), lt(attemptCounters.windowStart, windowStart)));
      return (row?.count ?? 0) <= limit.max;
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
