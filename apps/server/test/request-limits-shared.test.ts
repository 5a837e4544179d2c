import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readEnv } from '../src/env';
import { fixedClock } from '../src/providers/clock/clock';
import { attemptKey } from '../src/security/attempt-limiter';
import { describeEachDatabase, testTokenSigningKey, useTestDatabase } from './helpers';

/** A portal process on the shared database, with one route limited to 3 requests a minute per address. */
async function portalProcess(db: Parameters<typeof buildApp>[0]['db'], clock: ReturnType<typeof fixedClock>) {
  const app = await buildApp({
    env: readEnv({ LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1' }),
    db,
    clock,
    logger: false,
    tokenSigningKey: await testTokenSigningKey(),
    sharedRequestLimits: true,
  });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ status: true }));
  app.get('/also-limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ status: true }));
  app.get('/busy', { config: { rateLimit: { max: 100, timeWindow: 60_000 } } }, async () => ({ status: true }));
  await app.ready();
  return app;
}

const get = (app: Awaited<ReturnType<typeof portalProcess>>, url: string, ip = '203.0.113.7') =>
  app.inject({ method: 'GET', url, remoteAddress: ip });

// Both databases: limits are shared through a table on PostgreSQL and kept in memory on the embedded one.
describeEachDatabase('Per-address request limits shared by server processes', (target) => {
  const database = useTestDatabase(target);

  it('counts an address’s requests to a route across processes, per route and per window', async () => {
    const clock = fixedClock('2026-11-26T12:00:10.000Z');
    const first = await portalProcess(database().db, clock);
    const second = await portalProcess(database().db, clock);
    try {
      const codes: number[] = [];
      for (const app of [first, second, first, second]) codes.push((await get(app, '/limited')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await get(first, '/limited');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: false,
        message: 'Too many requests. Please wait a moment and try again.',
      });
      // Another address and another route have counts of their own.
      expect((await get(second, '/limited', '198.51.100.4')).statusCode).toBe(200);
      expect((await get(second, '/also-limited')).statusCode).toBe(200);
      // The next minute's window starts again from zero, on either process.
      clock.set('2026-11-26T12:01:00.000Z');
      expect((await get(second, '/limited')).statusCode).toBe(200);
      const stored = await database().db.execute(
        sql`select count(*)::int as windows from attempt_counters where key like 'rate:%'`,
      );
      // The address's earlier window of /limited was dropped: one window each for the two addresses and routes.
      expect((stored as unknown as { rows: { windows: number }[] }).rows[0]!.windows).toBe(3);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('takes the numbers of a high limit in blocks, and still never lets more than the limit through', async () => {
    const clock = fixedClock('2026-11-26T12:00:10.000Z');
    const first = await portalProcess(database().db, clock);
    const second = await portalProcess(database().db, clock);
    const busyKey = attemptKey('rate', 'GET /busy 203.0.113.7');
    const counted = async () => {
      const stored = await database().db.execute(
        sql`select coalesce(sum(count), 0)::int as count from attempt_counters where key = ${busyKey}`,
      );
      return (stored as unknown as { rows: { count: number }[] }).rows[0]!.count;
    };
    try {
      // A limit of 100 is taken two numbers at a time; 60 requests on each process, in turn and in parallel.
      const codes: number[] = [];
      for (let round = 0; round < 30; round++) {
        const replies = await Promise.all([first, second, first, second].map((app) => get(app, '/busy')));
        codes.push(...replies.map((reply) => reply.statusCode));
      }
      expect(codes.filter((code) => code === 200)).toHaveLength(100);
      expect(codes.filter((code) => code === 429)).toHaveLength(20);
      // 50 statements took the 100 numbers, and at most one more per process found the limit reached.
      expect(await counted()).toBeGreaterThanOrEqual(102);
      expect(await counted()).toBeLessThanOrEqual(104);
      // Past the limit, a process refuses without asking the database again.
      const before = await counted();
      for (const app of [first, second, first, second]) expect((await get(app, '/busy')).statusCode).toBe(429);
      expect(await counted()).toBe(before);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
