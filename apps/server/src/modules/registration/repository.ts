import { and, eq } from 'drizzle-orm';
import { findLiveAccountByEmail } from '../../db/accounts';
import type { Executor } from '../../db/client';
import { oneUseCodes } from '../../db/one-use-codes';
import { healthSystemVerifications, registrationTokens, users } from '../../db/schema';

/** What registration needs to know of an account: who, in which state, and how to write to them. */
const accountSummary = {
  id: users.id,
  role: users.role,
  status: users.status,
  firstName: users.firstName,
  email: users.email,
  language: users.language,
};

export const findLiveUserByEmail = (db: Executor, email: string) => findLiveAccountByEmail(db, email, accountSummary);

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select(accountSummary).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewParticipant {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'sp';
  birthDate: string;
  gender: string;
  country: string;
  postalCode: string;
  healthSystem: string;
}

export async function insertPendingParticipant(db: Executor, participant: NewParticipant, now: Date) {
  const [row] = await db
    .insert(users)
    .values({ ...participant, role: 'patient', status: 'pending', createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  return row!.id;
}

export async function insertVerificationRecord(db: Executor, userId: string, healthSystem: string, now: Date) {
  await db
    .insert(healthSystemVerifications)
    .values({ userId, healthSystem, consentedAt: now, createdAt: now, updatedAt: now });
}

/** Activation links: one works for its own account, once; a newer link withdraws the older ones. */
export const activationLinks = oneUseCodes(registrationTokens, { key: registrationTokens.tokenHash });

/**
 * Activates a participant's pending account; false when it is not pending (withdrawn, or active already) or is a
 * staff member's (who become active only by accepting their invitation).
 */
export async function activatePendingUser(db: Executor, userId: string, now: Date) {
  const updated = await db
    .update(users)
    .set({ status: 'active', activatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending'), eq(users.role, 'patient')))
    .returning({ id: users.id });
  return updated.length === 1;
}
