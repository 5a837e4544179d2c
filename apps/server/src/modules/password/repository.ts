import { and, eq } from 'drizzle-orm';
import { findLiveAccountByEmail } from '../../db/accounts';
import type { Executor } from '../../db/client';
import { oneUseCodes } from '../../db/one-use-codes';
import { passwordResetTokens, users } from '../../db/schema';

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

/** Password-reset links: one works for its own account, once; a newer link withdraws the older ones. */
export const resetLinks = oneUseCodes(passwordResetTokens, { key: passwordResetTokens.tokenHash });

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
