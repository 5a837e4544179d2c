import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { PortalApp } from '../src/app';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { EVERY_PARTICIPANT } from '../src/security/participant-scope';
import { buildTestApp, describeEachDatabase, TEST_ADMIN_EMAIL } from './helpers';
import { twoServerProcesses } from './server-processes';
import { requestsOf, withdrawalsOf } from './withdrawal-helpers';

/** An active participant written straight to the database (carrying out a withdrawal needs no sign-in). */
async function studyParticipant(db: Database, email: string) {
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash: 'unused', role: 'patient', status: 'active', firstName: 'Luis', lastName: 'Ortiz' })
    .returning({ id: users.id });
  return row!.id;
}

async function adminId(db: Database) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
  return row!.id;
}

async function recordThroughService(app: PortalApp, db: Database, email: string) {
  const outcome = await app.services.withdrawals.request(
    await adminId(db),
    EVERY_PARTICIPANT,
    { email, reason: 'Asked by letter' },
    { ip: '127.0.0.1' },
  );
  expect(outcome).toEqual({ ok: true, message: 'withdrawals.manual.recorded' });
}

// Both databases: the job is claimed once among processes, on each database's job queue.
describeEachDatabase('The manual withdrawals job', (target) => {
  it('runs by itself when a request’s hold ends', { timeout: 120_000 }, async () => {
    const t = await buildTestApp(target, { scheduler: true, env: { WITHDRAWAL_REQUEST_HOLD_S: '0' } });
    try {
      const userId = await studyParticipant(t.db, 'luis.ortiz@example.org');
      await recordThroughService(t.app, t.db, 'luis.ortiz@example.org');
      await expect.poll(async () => (await requestsOf(t, userId))[0]!.status, { timeout: 90_000 }).toBe('carriedOut');
      expect(await withdrawalsOf(t, userId)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
it.skipIf(!serverUrl)(
  'two server processes on one PostgreSQL carry a request out once and a deleted one never',
  { timeout: 60_000 },
  async () => {
    const processes = await twoServerProcesses(serverUrl!);
    try {
      const { apps, handles, transports, clock } = processes;
      await Promise.all(apps.map((app) => app.ready()));
      const [first, second] = apps as [PortalApp, PortalApp];
      const db = handles[0]!.db;
      const kept = await studyParticipant(db, 'kept@example.org');
      const dropped = await studyParticipant(db, 'dropped@example.org');
      await recordThroughService(first, db, 'kept@example.org');
      await recordThroughService(second, db, 'dropped@example.org');
      const deleted = await second.services.withdrawals.deleteRequest(
        await adminId(db),
        EVERY_PARTICIPANT,
        'dropped@example.org',
        { ip: '127.0.0.1' },
      );
      expect(deleted.ok).toBe(true);

      clock.advance(3_600_000);
      const runs = await Promise.all(
        [first, second, first, second].map((app) => app.services.withdrawals.carryOutDue()),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);

      const t = { db } as Parameters<typeof withdrawalsOf>[0];
      expect(await withdrawalsOf(t, kept)).toHaveLength(1);
      expect(await withdrawalsOf(t, dropped)).toHaveLength(0);
      expect((await requestsOf(t, kept)).map((r) => r.status)).toEqual(['carriedOut']);
      expect((await requestsOf(t, dropped)).map((r) => r.status)).toEqual(['deleted']);
      await Promise.all(apps.map((app) => app.services.mailer.idle()));
      expect(transports.flatMap((tr) => tr.delivered.map((m) => m.to))).toEqual(['kept@example.org']);
    } finally {
      await processes.close();
    }
  },
);
