import { and, eq, isNull, sql } from 'drizzle-orm';
import { findLiveAccountByEmail } from '../../db/accounts';
import type { Database } from '../../db/client';
import { healthSystemVerifications, registrationTokens, securityPolicy, users } from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** What registration needs to know of an account: who, in which state, and how to write to them. */
const accountSummary = {
  id: users.id,
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

export async function findRegistrationTokenExpiryDays(db: Executor): Promise<number> {
  const [row] = await db
    .select({ days: securityPolicy.registrationTokenExpiryInDays })
    .from(securityPolicy)
    .where(eq(securityPolicy.id, 1));
  if (!row) throw new Error('security policy row is missing');
  return row.days;
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

/** Withdraws every unused link of the account, so only the newest one works. */
export async function revokeOpenTokens(db: Executor, userId: string, now: Date) {
  await db
    .update(registrationTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(registrationTokens.userId, userId),
        isNull(registrationTokens.usedAt),
        isNull(registrationTokens.revokedAt),
      ),
    );
}

export async function insertRegistrationToken(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
) {
  await db.insert(registrationTokens).values({ userId, tokenHash, expiresAt, createdAt: now });
}

/**
 * Uses the link if it is the account's, unused, not withdrawn and not expired; true when it was used now.
 * The conditional update makes two clicks at once count once.
 */
export async function consumeRegistrationToken(db: Executor, userId: string, tokenHash: string, now: Date) {
  const used = await db
    .update(registrationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(registrationTokens.tokenHash, tokenHash),
        eq(registrationTokens.userId, userId),
        isNull(registrationTokens.usedAt),
        isNull(registrationTokens.revokedAt),
        sql`${registrationTokens.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ id: registrationTokens.id });
  return used.length === 1;
}

/** Activates a pending account; false when it is not pending (withdrawn, or active already). */
export async function activatePendingUser(db: Executor, userId: string, now: Date) {
  const updated = await db
    .update(users)
    .set({ status: 'active', activatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ id: users.id });
  return updated.length === 1;
}
