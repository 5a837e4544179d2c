import { and, eq, gt, isNull } from 'drizzle-orm';
import { findLiveAccountByEmail } from '../../db/accounts';
import type { Database } from '../../db/client';
import { passwordResetTokens, securityPolicy, users } from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const resetAccount = {
  id: users.id,
  email: users.email,
  status: users.status,
  firstName: users.firstName,
  language: users.language,
};

export const findResetAccountByEmail = (db: Executor, email: string) => findLiveAccountByEmail(db, email, resetAccount);

export async function findResetAccountById(db: Executor, id: string) {
  const [row] = await db.select(resetAccount).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Stores a new reset link; earlier unused links of the account stop working. */
export async function replaceResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
) {
  await db
    .update(passwordResetTokens)
    .set({ revokedAt: values.now })
    .where(
      and(
        eq(passwordResetTokens.userId, values.userId),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.revokedAt),
      ),
    );
  await db.insert(passwordResetTokens).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

const usable = (userId: string, tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.userId, userId),
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    isNull(passwordResetTokens.revokedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** A link is usable while it is unused, not replaced, not expired, and its account is still active. */
export async function isResetTokenUsable(db: Executor, userId: string, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(usable(userId, tokenHash, now), eq(users.status, 'active')));
  return rows.length > 0;
}

/** Uses a reset link once; false when it is unknown, used, withdrawn or expired (or a racing use won). */
export async function consumeResetToken(db: Executor, userId: string, tokenHash: string, now: Date) {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(userId, tokenHash, now))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/**
 * Sets a new password on an active account; false when the account is no longer active (withdrawn since the
 * link was sent). A reset also lifts a lockout, since the owner of the mailbox has just proven it.
 */
export async function setPassword(db: Executor, userId: string, passwordHash: string, now: Date) {
  const updated = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** What changing a password checks: the current password's hash and when it was last changed. */
export async function findPasswordChangeAccount(db: Executor, id: string) {
  const [row] = await db
    .select({ ...resetAccount, passwordHash: users.passwordHash, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The security policy's minimum time between password changes, in hours (`resetPasswordAgainLimitInHrs`). */
export async function findPasswordChangeInterval(db: Executor): Promise<number> {
  const [row] = await db
    .select({ hours: securityPolicy.resetPasswordAgainLimitInHrs })
    .from(securityPolicy)
    .where(eq(securityPolicy.id, 1));
  if (!row) throw new Error('security policy row is missing');
  return row.hours;
}
