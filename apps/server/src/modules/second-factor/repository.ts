import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FactorKind } from '@portal/shared/staff/second-factor';
import type { Executor } from '../../db/client';
import { authSessions, staffFactors, staffRecoveryCodes, users, webauthnChallenges } from '../../db/schema';
import type { StoredPasskey } from './webauthn';

/** A staff member's factors that sign in: confirmed ones (an app waiting for its first code does not count). */
const confirmed = (userId: string) => and(eq(staffFactors.userId, userId), isNotNull(staffFactors.confirmedAt));

export async function listFactors(db: Executor, userId: string) {
  return db
    .select({
      id: staffFactors.id,
      kind: staffFactors.kind,
      name: staffFactors.name,
      createdAt: staffFactors.createdAt,
      lastUsedAt: staffFactors.lastUsedAt,
      appSecret: staffFactors.appSecret,
      lastStep: staffFactors.lastStep,
      credentialId: staffFactors.credentialId,
      publicKey: staffFactors.publicKey,
      signCount: staffFactors.signCount,
      transports: staffFactors.transports,
    })
    .from(staffFactors)
    .where(confirmed(userId))
    .orderBy(asc(staffFactors.createdAt), asc(staffFactors.id));
}
export type FactorRow = Awaited<ReturnType<typeof listFactors>>[number];

/** The kinds of factor a staff member can sign in with, each once, apps first. */
export async function factorKindsOf(db: Executor, userId: string): Promise<FactorKind[]> {
  const rows = await db.select({ kind: staffFactors.kind }).from(staffFactors).where(confirmed(userId));
  return (['app', 'passkey'] as const).filter((kind) => rows.some((row) => row.kind === kind));
}

/** A passkey a staff member can sign in with, as a WebAuthn ceremony needs it. */
export const asStoredPasskey = (row: FactorRow): StoredPasskey => ({
  credentialId: row.credentialId!,
  publicKey: row.publicKey!,
  signCount: row.signCount!,
  transports: row.transports,
});

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
    .select({ id: staffFactors.id, appSecret: staffFactors.appSecret, name: staffFactors.name })
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

/**
 * Spends an app's time step: it succeeds only for a step later than the last one the app accepted, in one
 * conditional statement, so a code works once however many requests race with it.
 */
export async function spendAppStep(db: Executor, factorId: string, step: number, now: Date) {
  const rows = await db
    .update(staffFactors)
    .set({ lastStep: step, lastUsedAt: now })
    .where(
      and(
        eq(staffFactors.id, factorId),
        isNotNull(staffFactors.confirmedAt),
        or(isNull(staffFactors.lastStep), lt(staffFactors.lastStep, step)),
      ),
    )
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

/** The passkey of a credential id, with its owner's account state. */
export async function findPasskey(db: Executor, credentialId: string) {
  const [row] = await db
    .select({
      id: staffFactors.id,
      userId: staffFactors.userId,
      credentialId: staffFactors.credentialId,
      publicKey: staffFactors.publicKey,
      signCount: staffFactors.signCount,
      transports: staffFactors.transports,
    })
    .from(staffFactors)
    .where(and(eq(staffFactors.credentialId, credentialId), eq(staffFactors.kind, 'passkey')));
  return row && { ...row, credentialId: row.credentialId!, publicKey: row.publicKey!, signCount: row.signCount! };
}

/**
 * Records a passkey's use and its new signature counter. A counter that does not grow (when the authenticator
 * keeps one) means a cloned key: the use is refused.
 */
export async function spendPasskeyUse(db: Executor, factorId: string, signCount: number, now: Date) {
  const rows = await db
    .update(staffFactors)
    .set({ signCount, lastUsedAt: now })
    .where(
      and(
        eq(staffFactors.id, factorId),
        or(sql`${signCount} = 0 and ${staffFactors.signCount} = 0`, lt(staffFactors.signCount, signCount)),
      ),
    )
    .returning({ id: staffFactors.id });
  return rows.length > 0;
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

/** Uses a recovery code once; false when it is unknown, used or void. */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
        isNull(staffRecoveryCodes.voidedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Executor, userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(staffRecoveryCodes)
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        isNull(staffRecoveryCodes.usedAt),
        isNull(staffRecoveryCodes.voidedAt),
      ),
    );
  return row?.left ?? 0;
}

/** What a WebAuthn challenge is for, and whom it binds to. */
export type ChallengePurpose = 'signIn' | 'enrol' | 'register' | 'stepUp';
export interface ChallengeBinding {
  purpose: ChallengePurpose;
  userId?: string;
  sessionId?: string;
}

export async function insertChallenge(
  db: Executor,
  challenge: string,
  binding: ChallengeBinding,
  now: Date,
  expiresAt: Date,
) {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose: binding.purpose,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    createdAt: now,
    expiresAt,
  });
}

/**
 * Spends a challenge once, before it expires, for the purpose and the user or session it was handed out for;
 * the user it was bound to, if any, or false when it is unknown, spent, expired or for something else.
 */
export async function spendChallenge(db: Executor, challenge: string, binding: ChallengeBinding, now: Date) {
  const rows = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, binding.purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        binding.userId ? eq(webauthnChallenges.userId, binding.userId) : undefined,
        binding.sessionId ? eq(webauthnChallenges.sessionId, binding.sessionId) : undefined,
      ),
    )
    .returning({ userId: webauthnChallenges.userId });
  return rows.length > 0 ? { userId: rows[0]!.userId } : false;
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
