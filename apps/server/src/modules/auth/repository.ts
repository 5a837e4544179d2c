import { and, eq, getTableColumns, gt, isNull, ne, sql, type WithSubquery } from 'drizzle-orm';
import { auditColumns, auditInsert, type AuditColumns, type AuditEntry } from '../../db/audit';
import { isLiveAccountOf } from '../../db/accounts';
import type { Database, Executor } from '../../db/client';
import { oneUseCodes } from '../../db/one-use-codes';
import {
  authSessions,
  healthSystems,
  loginChallenges,
  refreshTokens,
  securityPolicy,
  staffHealthSystems,
  staffMembers,
  users,
} from '../../db/schema';
import type { SecurityPolicyRow } from '../../db/security-policy';

/**
 * A staff member's role (null for a participant), read with their account. Every authenticated call reads it, so a
 * participant's account (the most calls) skips the lookup.
 */
const staffRoleOfUser = sql<string | null>`case when ${users.role} = 'admin'
  then (select ${staffMembers.role} from ${staffMembers} where ${staffMembers.userId} = ${users.id}) end`;

/** The database values of the health systems a staff member is limited to (none for a participant or other roles). */
const healthSystemsOfUser = sql<string[]>`case when ${users.role} = 'admin'
  then array(select ${healthSystems.databaseValue} from ${staffHealthSystems}
    join ${healthSystems} on ${healthSystems.id} = ${staffHealthSystems.healthSystemId}
    where ${staffHealthSystems.userId} = ${users.id} order by 1)
  else '{}'::varchar[] end`;

/** What signing in needs to know of an account. */
const loginAccount = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  staffRole: staffRoleOfUser,
  status: users.status,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  consentSignedAt: users.consentSignedAt,
  reconsentRequestedAt: users.reconsentRequestedAt,
  failedLoginCount: users.failedLoginCount,
  lockedUntil: users.lockedUntil,
};
export type LoginAccount = Awaited<ReturnType<typeof findLoginAccountById>>;

export async function findLoginAccountById(db: Executor, id: string) {
  const [row] = await db.select(loginAccount).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * What a sign-in reads, in one statement: the live (not withdrawn) account of an address, compared without case,
 * and the security policy as it is now, never a kept copy. Every `POST /login` runs it, so it is built once and
 * prepared: the database parses and plans it once per connection, not per call.
 */
export function prepareLoginLookup(db: Database) {
  const query = db
    .select({ policy: getTableColumns(securityPolicy), account: loginAccount })
    .from(securityPolicy)
    .leftJoin(users, isLiveAccountOf(sql.placeholder('email')))
    .where(eq(securityPolicy.id, 1))
    .limit(1)
    .prepare('find_login_account');
  return async (email: string): Promise<{ account: LoginAccount | undefined; policy: SecurityPolicyRow }> => {
    const [row] = await query.execute({ email: email.toLowerCase() });
    if (!row) throw new Error('security policy row is missing');
    return { account: row.account ?? undefined, policy: row.policy };
  };
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

/** A session to open at sign-in, with its first refresh token and its audit record. */
export interface NewSession {
  id: string;
  userId: string;
  now: Date;
  expiresAt: Date;
  refreshToken: { hash: string; expiresAt: Date };
  /** The browser's user agent (cut to 512 characters) and the first part of its address, for a sessions list. */
  userAgent: string | null;
  ipPrefix: string | null;
  /** When the second factor was given, for a staff member's session; null for a participant's. */
  secondFactorAt: Date | null;
  audit: AuditEntry;
  /** Whether the account's failed sign-ins and lock are cleared in the same statement. */
  clearFailedLogins: boolean;
}

/**
 * Opens a session in one statement, so in one round trip and all or nothing (a statement is a transaction of its
 * own): the session, its first refresh token and its audit record, and, when asked, the account's failed sign-ins
 * and lock cleared. Every sign-in runs it, so both forms are built once and prepared.
 */
export function prepareSessionOpening(db: Database) {
  const value = (name: string) => sql.placeholder(name);
  const at = (name: string) => sql`${value(name)}::timestamptz`;
  const newSession = db.$with('new_session', { id: sql<string>`id`.as('id') }).as(
    sql`insert into ${authSessions}
        (id, user_id, created_at, expires_at, last_seen_at, user_agent, ip_prefix, second_factor_at)
      values (${value('sessionId')}::uuid, ${value('userId')}::uuid, ${at('now')}, ${at('sessionEnd')}, ${at('now')},
        ${value('userAgent')}, ${value('ipPrefix')}, ${at('secondFactorAt')})
      returning id`,
  );
  const audit = db
    .$with('new_audit', {})
    .as(
      auditInsert(
        Object.fromEntries(
          ['at', 'actorId', 'action', 'subjectId', 'details', 'ip'].map((name) => [name, value(`audit.${name}`)]),
        ) as AuditColumns,
      ),
    );
  const refreshToken = db.$with('new_refresh_token', {}).as(
    sql`insert into ${refreshTokens} (session_id, token_hash, created_at, expires_at)
      select id, ${value('tokenHash')}, ${at('now')}, ${at('tokenEnd')} from new_session`,
  );
  // Only a sign-in that follows failures writes the user: on the embedded database every statement on users is
  // announced (migration 0019), and drops the accounts kept in memory.
  const cleared = db.$with('cleared_failures', {}).as(
    db
      .update(users)
      .set({ failedLoginCount: 0, lockedUntil: null })
      .where(eq(users.id, value('userId')))
      .getSQL(),
  );
  const open = (name: string, ...ctes: WithSubquery[]) =>
    db
      .with(newSession, audit, refreshToken, ...ctes)
      .select({ id: newSession.id })
      .from(newSession)
      .prepare(name);
  const opening = open('open_session');
  const openingAfterFailures = open('open_session_after_failures', cleared);

  return async (session: NewSession) => {
    const auditValues = auditColumns(session.audit);
    const values = {
      sessionId: session.id,
      userId: session.userId,
      now: session.now.toISOString(),
      sessionEnd: session.expiresAt.toISOString(),
      tokenHash: session.refreshToken.hash,
      tokenEnd: session.refreshToken.expiresAt.toISOString(),
      userAgent: session.userAgent?.slice(0, 512) ?? null,
      ipPrefix: session.ipPrefix,
      secondFactorAt: session.secondFactorAt?.toISOString() ?? null,
      ...Object.fromEntries(Object.entries(auditValues).map(([name, v]) => [`audit.${name}`, v])),
    };
    await (session.clearFailedLogins ? openingAfterFailures : opening).execute(values);
  };
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

/** Notes that a staff member's session was used now, for their sessions list. */
export async function markSessionSeen(db: Executor, sessionId: string, now: Date) {
  await db.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, sessionId));
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
 * Finds a session that is neither revoked nor past its absolute end, with its user, their staff role and health
 * systems as they are now. Every authenticated call runs
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
      staffRole: staffRoleOfUser,
      healthSystems: healthSystemsOfUser,
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
