import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { findLiveAccountByEmail } from '../../db/accounts';
import type { Database } from '../../db/client';
import { oneUseCodes } from '../../db/one-use-codes';
import { authSessions, loginChallenges, refreshTokens, users } from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** What signing in needs to know of an account. */
const loginAccount = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  status: users.status,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  consentSignedAt: users.consentSignedAt,
  reconsentRequestedAt: users.reconsentRequestedAt,
  failedLoginCount: users.failedLoginCount,
  lockedUntil: users.lockedUntil,
};
export type LoginAccount = Awaited<ReturnType<typeof findLoginAccountByEmail>>;

export const findLoginAccountByEmail = (db: Executor, email: string) => findLiveAccountByEmail(db, email, loginAccount);

export async function findLoginAccountById(db: Executor, id: string) {
  const [row] = await db.select(loginAccount).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Counts one failed sign-in in a single statement (so parallel attempts cannot undercount) and locks the
 * account once `limit` consecutive failures are reached. Returns whether this failure locked it.
 */
export async function recordFailedLogin(db: Executor, userId: string, limit: number, lockUntil: Date) {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${limit} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil?.getTime() === lockUntil.getTime();
}

export async function clearFailedLogins(db: Executor, userId: string) {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function insertSession(db: Executor, userId: string, now: Date, expiresAt: Date) {
  const [row] = await db
    .insert(authSessions)
    .values({ userId, createdAt: now, expiresAt })
    .returning({ id: authSessions.id, expiresAt: authSessions.expiresAt });
  return row!;
}

export async function insertRefreshToken(
  db: Executor,
  values: { sessionId: string; tokenHash: string; now: Date; expiresAt: Date },
) {
  await db.insert(refreshTokens).values({
    sessionId: values.sessionId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Uses a refresh token once: the row it marks used, or undefined when it was unknown or already used. */
export async function useRefreshToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });
  return row;
}

/** The session and user of a refresh token, whatever its state, and whether it was used. */
export async function findSessionOfRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      userId: authSessions.userId,
      role: users.role,
      usedAt: refreshTokens.usedAt,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Finds a session that is neither revoked nor past its absolute end, with its user. Every authenticated call runs
 * it, so it is built once and prepared: the database parses and plans it once per connection, not per call.
 */
export function prepareLiveSessionLookup(db: Database) {
  const query = db
    .select({
      sessionId: authSessions.id,
      userId: authSessions.userId,
      expiresAt: authSessions.expiresAt,
      role: users.role,
      status: users.status,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
  return async (sessionId: string, now: Date) => {
    const [row] = await query.execute({ sessionId, now: now.toISOString() });
    return row;
  };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date, reason: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user; returns how many were still open. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  reason: string,
  keepSessionId?: string,
) {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
}

/** Sign-in codes: a login attempt's secret (in the browser's cookie) finds its code. */
export const loginCodes = oneUseCodes(loginChallenges, { key: loginChallenges.attemptHash });
