import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditColumns, auditInsert, recordAudit, type AuditEntry } from '../src/db/audit';
import { auditLog, authSessions, refreshTokens, securityPolicy, users } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { prepareLoginLookup, prepareSessionOpening, type NewSession } from '../src/modules/auth/repository';
import { fixedClock } from '../src/providers/clock/clock';
import { ACCOUNTS_TOPIC } from '../src/db/change-notices';
import { databaseError, describeEachDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useTestDatabase } from './helpers';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A sign-in reads the account and the security policy in one statement and writes the session, its first refresh
// token and its audit record in another; these are those two statements, on both databases (each driver prepares
// and runs them its own way).
describeEachDatabase('sign-in statements', (target) => {
  const database = useTestDatabase(target);
  let adminId: string;

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, {
      adminEmail: TEST_ADMIN_EMAIL,
      adminPassword: TEST_ADMIN_PASSWORD,
      demo: false,
      clock: fixedClock(NOW),
    });
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
    adminId = admin!.id;
  });

  const newSession = (changes: Partial<NewSession> = {}): NewSession => {
    const id = randomUUID();
    return {
      id,
      userId: adminId,
      now: NOW,
      expiresAt: new Date(NOW.getTime() + 12 * 3_600_000),
      refreshToken: {
        hash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
        expiresAt: new Date(NOW.getTime() + 60_000),
      },
      userAgent: null,
      ipPrefix: null,
      secondFactorAt: null,
      audit: {
        at: NOW,
        action: 'login.succeeded',
        actorId: adminId,
        subjectId: adminId,
        details: { method: 'password', sessionId: id },
        ip: '203.0.113.7',
      },
      clearFailedLogins: false,
      ...changes,
    };
  };

  const auditRowsOf = async (sessionId: string) =>
    database()
      .db.select()
      .from(auditLog)
      .where(sql`${auditLog.details} ->> 'sessionId' = ${sessionId}`);

  it('finds the live account of an address whatever its case, with the security policy as it is now', async () => {
    const { db } = database();
    const lookUp = prepareLoginLookup(db);
    const found = await lookUp(TEST_ADMIN_EMAIL.toUpperCase());
    expect(found.account).toMatchObject({ id: adminId, email: TEST_ADMIN_EMAIL, role: 'admin', status: 'active' });
    expect(found.policy).toEqual((await db.select().from(securityPolicy))[0]);

    // A change of the policy is read by the very next sign-in: nothing is kept between calls.
    await db.update(securityPolicy).set({ failedAttemptLimit: 7, inactiveSessionTimeoutInMin: 21 });
    expect((await lookUp(TEST_ADMIN_EMAIL)).policy).toMatchObject({
      failedAttemptLimit: 7,
      inactiveSessionTimeoutInMin: 21,
    });

    const unknown = await lookUp('nobody@example.org');
    expect(unknown.account).toBeUndefined();
    expect(unknown.policy).toMatchObject({ failedAttemptLimit: 7 });
  });

  it('does not find a withdrawn account', async () => {
    const { db } = database();
    const lookUp = prepareLoginLookup(db);
    await db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, adminId));
    try {
      expect((await lookUp(TEST_ADMIN_EMAIL)).account).toBeUndefined();
    } finally {
      await db.update(users).set({ status: 'active' }).where(eq(users.id, adminId));
    }
  });

  it('announces a change of the security policy on the embedded database, as one of an account', async () => {
    const { db, changes } = database();
    let notices = 0;
    changes.on(ACCOUNTS_TOPIC, () => notices++);
    await db.update(securityPolicy).set({ failedAttemptLimit: 6 });
    if (!changes.immediate) await sleep(300);
    expect(notices).toBe(changes.immediate ? 1 : 0);
  });

  it('writes the session, its first refresh token and its audit record in one statement', async () => {
    const { db } = database();
    const open = prepareSessionOpening(db);
    // A staff sign-in: its device, its address's first part and when its second factor was given are kept.
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0';
    const session = newSession({ userAgent: chrome, ipPrefix: '203.0.113.x', secondFactorAt: NOW });
    await open(session);

    expect(await db.select().from(authSessions).where(eq(authSessions.id, session.id))).toEqual([
      {
        id: session.id,
        userId: adminId,
        createdAt: NOW,
        expiresAt: session.expiresAt,
        revokedAt: null,
        revokedReason: null,
        userAgent: chrome,
        ipPrefix: '203.0.113.x',
        lastSeenAt: NOW,
        secondFactorAt: NOW,
      },
    ]);
    expect(
      await db
        .select({
          sessionId: refreshTokens.sessionId,
          tokenHash: refreshTokens.tokenHash,
          createdAt: refreshTokens.createdAt,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.sessionId, session.id)),
    ).toEqual([
      {
        sessionId: session.id,
        tokenHash: session.refreshToken.hash,
        createdAt: NOW,
        expiresAt: session.refreshToken.expiresAt,
        usedAt: null,
      },
    ]);
    expect(await auditRowsOf(session.id)).toEqual([{ id: expect.any(String), ...session.audit }]);
  });

  it('keeps the first 512 characters of a user agent, and none of a sign-in that sent none', async () => {
    const { db } = database();
    const open = prepareSessionOpening(db);
    const long = newSession({ userAgent: 'x'.repeat(600) });
    const bare = newSession();
    await open(long);
    await open(bare);
    const row = async (id: string) => (await db.select().from(authSessions).where(eq(authSessions.id, id)))[0]!;
    expect((await row(long.id)).userAgent).toBe('x'.repeat(512));
    expect(await row(bare.id)).toMatchObject({
      userAgent: null,
      ipPrefix: null,
      secondFactorAt: null,
      lastSeenAt: NOW,
    });
  });

  it('writes nothing at all when any part of the statement fails', async () => {
    const { db } = database();
    const open = prepareSessionOpening(db);
    const first = newSession();
    await open(first);
    // The same refresh token hash again: its insert fails, and with it the session and the audit record.
    const second = newSession({ refreshToken: first.refreshToken, clearFailedLogins: true });
    await db.update(users).set({ failedLoginCount: 2 }).where(eq(users.id, adminId));
    expect((await databaseError(open(second))).code).toBe('23505');
    expect(await db.select().from(authSessions).where(eq(authSessions.id, second.id))).toEqual([]);
    expect(await auditRowsOf(second.id)).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, adminId)))[0]).toMatchObject({ failedLoginCount: 2 });
    await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, adminId));
  });

  it('clears failed sign-ins and a lock only when asked, and only then announces a change of the account', async () => {
    const { db, changes } = database();
    let notices = 0;
    changes.on(ACCOUNTS_TOPIC, () => notices++);
    /** The notices heard since the last call: at once on the embedded database, none on PostgreSQL (migration 0019). */
    const heard = async () => {
      if (!changes.immediate) await sleep(300);
      const count = notices;
      notices = 0;
      return count;
    };
    const open = prepareSessionOpening(db);
    const lockedUntil = new Date(NOW.getTime() - 60_000);
    await db.update(users).set({ failedLoginCount: 3, lockedUntil }).where(eq(users.id, adminId));
    await heard();

    await open(newSession());
    expect((await db.select().from(users).where(eq(users.id, adminId)))[0]).toMatchObject({
      failedLoginCount: 3,
      lockedUntil,
    });
    expect(await heard()).toBe(0);

    await open(newSession({ clearFailedLogins: true }));
    expect(await heard()).toBe(changes.immediate ? 1 : 0);
    expect((await db.select().from(users).where(eq(users.id, adminId)))[0]).toMatchObject({
      failedLoginCount: 0,
      lockedUntil: null,
    });
  });

  it('writes through auditInsert the same audit row as recordAudit', async () => {
    const { db } = database();
    const entries: AuditEntry[] = [
      { at: NOW, action: 'login.failed', details: { reason: 'unknownAccount' }, ip: '198.51.100.1' },
      { at: NOW, action: 'login.refusedLocked', subjectId: adminId },
      { at: NOW, action: 'logout', actorId: adminId, subjectId: adminId, details: { sessions: 2, note: 'ü "q"' } },
    ];
    for (const [i, entry] of entries.entries()) {
      const marked = { ...entry, action: `${entry.action}.${i}.${target.name}` };
      await recordAudit(db, marked);
      await db.execute(auditInsert(auditColumns(marked)));
      const rows = await db.select().from(auditLog).where(eq(auditLog.action, marked.action));
      expect(rows).toHaveLength(2);
      const [recorded, inserted] = rows.map((row) => ({ ...row, id: undefined }));
      expect(inserted).toEqual(recorded);
    }
  });
});
