import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FactorKind } from '@portal/shared/staff/second-factor';
import type { Executor } from '../../db/client';
import { staffFactors, staffRecoveryCodes, webauthnChallenges } from '../../db/schema';
import type { StoredPasskey } from './webauthn';

// What checking a staff member's second factor reads and spends: their factors, recovery codes and challenges.

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
