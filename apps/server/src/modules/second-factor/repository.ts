import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authSessions, staffFactors, staffRecoveryCodes, users } from '../../db/schema';
import { listFactors } from '../../security/second-factor/factors';
import type { StoredPasskey } from '../../security/second-factor/webauthn';

/** A new authenticator app, waiting for its first code; the member's earlier waiting apps are dropped. */
export async function insertPendingApp(
  db: Executor,
  values: { userId: string; name: string; sealedSecret: string; now: Date },
) {
  await db
    .delete(staffFactors)
    .where(and(eq(staffFactors.userId, values.userId), eq(staffFactors.kind, 'app'), isNull(staffFactors.confirmedAt)));
  const [row] = await db
    .insert(staffFactors)
    .values({
      userId: values.userId,
      kind: 'app',
      name: values.name,
      appSecret: values.sealedSecret,
      createdAt: values.now,
    })
    .returning({ id: staffFactors.id });
  return row!.id;
}

export async function findPendingApp(db: Executor, userId: string, factorId: string) {
  const [row] = await db
    .select({ appSecret: staffFactors.appSecret })
    .from(staffFactors)
    .where(
      and(
        eq(staffFactors.id, factorId),
        eq(staffFactors.userId, userId),
        eq(staffFactors.kind, 'app'),
        isNull(staffFactors.confirmedAt),
      ),
    );
  return row;
}

/** Confirms a waiting app with the step of its first code (which is then spent); false when it was not waiting. */
export async function confirmApp(db: Executor, factorId: string, values: { step: number; name?: string; now: Date }) {
  const rows = await db
    .update(staffFactors)
    .set({
      confirmedAt: values.now,
      lastStep: values.step,
      lastUsedAt: values.now,
      ...(values.name ? { name: values.name } : {}),
    })
    .where(and(eq(staffFactors.id, factorId), isNull(staffFactors.confirmedAt)))
    .returning({ id: staffFactors.id });
  return rows.length > 0;
}

export async function insertPasskey(db: Executor, values: StoredPasskey & { userId: string; name: string; now: Date }) {
  const [row] = await db
    .insert(staffFactors)
    .values({
      userId: values.userId,
      kind: 'passkey',
      name: values.name,
      createdAt: values.now,
      confirmedAt: values.now,
      lastUsedAt: values.now,
      credentialId: values.credentialId,
      publicKey: values.publicKey,
      signCount: values.signCount,
      transports: values.transports,
    })
    .onConflictDoNothing()
    .returning({ id: staffFactors.id });
  return row?.id;
}

/** Locks a staff member's account row, so changes of their factors wait for one another. */
export async function lockAccount(db: Executor, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Removes a factor unless it is the member's last; run it in a transaction after `lockAccount`. */
export async function removeFactor(db: Executor, userId: string, factorId: string) {
  const factors = await listFactors(db, userId);
  const factor = factors.find((f) => f.id === factorId);
  if (!factor) return 'notFound' as const;
  if (factors.length === 1) return 'last' as const;
  await db.delete(staffFactors).where(eq(staffFactors.id, factorId));
  return factor;
}

/** Removes every factor of a member (an administrator's reset); returns how many could sign in. */
export async function removeAllFactors(db: Executor, userId: string, now: Date) {
  const removed = await db
    .delete(staffFactors)
    .where(eq(staffFactors.userId, userId))
    .returning({ confirmedAt: staffFactors.confirmedAt });
  await voidRecoveryCodes(db, userId, now);
  return removed.filter((row) => row.confirmedAt).length;
}

async function voidRecoveryCodes(db: Executor, userId: string, now: Date) {
  await db
    .update(staffRecoveryCodes)
    .set({ voidedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        isNull(staffRecoveryCodes.usedAt),
        isNull(staffRecoveryCodes.voidedAt),
      ),
    );
}

/** Keeps a new set of recovery codes (their hashes); the member's earlier unused ones stop working. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[], now: Date) {
  await voidRecoveryCodes(db, userId, now);
  await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** A staff member's open sessions, the most recently used first. */
export async function openSessionsOf(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipPrefix: authSessions.ipPrefix,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${authSessions.lastSeenAt}, ${authSessions.createdAt})`), desc(authSessions.createdAt));
}

/** Ends one open session of a user; false when it is not theirs or already ended. */
export async function endSessionOf(db: Executor, userId: string, sessionId: string, now: Date, reason: string) {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

/** When the session's holder last gave their second factor in it. */
export async function secondFactorTimeOf(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ at: authSessions.secondFactorAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.at ?? null;
}

export async function markSecondFactor(db: Executor, sessionId: string, now: Date) {
  await db.update(authSessions).set({ secondFactorAt: now }).where(eq(authSessions.id, sessionId));
}
