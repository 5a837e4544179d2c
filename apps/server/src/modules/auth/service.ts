import { randomBytes, randomUUID } from 'node:crypto';
import type { TAccessTokenResponse, TLoginResult } from '@portal/shared/auth/login';
import type { Role } from '@portal/shared/constants';
import { toLanguage } from '@portal/shared/i18n/language';
import { isStaffRole } from '@portal/shared/staff/roles';
import { MINUTE_MS, HOUR_MS } from '@portal/shared/durations';
import { ACCOUNTS_TOPIC, type ChangeNotices } from '../../db/change-notices';
import { cachedUntilChanged } from '../../lib/row-cache';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { hasConsent } from '../../db/consent-state';
import { findSecurityPolicy, type SecurityPolicyRow } from '../../db/security-policy';
import type { DataOutcome, RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { loginCodeMail } from '../../providers/mail/templates/login-code';
import { codeMatches, hashSecret, newEmailCode, newOneUseToken } from '../../security/one-use-token';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import type { VerifiedAccess } from '../../security/verified-access';
import type { FactorChecks, FactorMethod } from '../../security/second-factor/checks';
import { ipPrefixOf } from '../../security/second-factor/session-device';
import { DEACTIVATED, REFUSALS, type LoginStep } from './refusals';
import { createStaffSignIn } from './staff-sign-in';
import { factorKindsOf } from '../../security/second-factor/factors';
import { ACCESS_TOKEN_SECONDS, type TokenIssuer } from './tokens';
import {
  findLoginAccountById,
  findSessionOfRefreshToken,
  insertRefreshToken,
  loginCodes,
  markSessionSeen,
  prepareLiveSessionLookup,
  prepareLoginLookup,
  prepareSessionOpening,
  recordFailedLogin,
  revokeSession,
  revokeUserSessions,
  useRefreshToken,
  type LoginAccount,
} from './repository';

/** However active it stays, a session ends this long after its login. */
export const SESSION_MAX_HOURS = 12;

/** A password check that takes as long as a real one, for addresses with no account. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

export interface AuthDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenIssuer;
  settings: { inDowntime(): Promise<boolean> };
  changes: ChangeNotices;
  factors: FactorChecks;
}

/** Sign-in with an optional e-mailed code, lockout, sessions and token rotation. */
export function createAuthService(deps: AuthDeps) {
  const { db, clock, tokens } = deps;
  const lookUpLiveSession = cachedUntilChanged(prepareLiveSessionLookup(db), deps.changes, ACCOUNTS_TOPIC);
  /** The session if neither revoked nor past its end at `now`, with its user; a kept row is checked again here. */
  const findLiveSession = async (sessionId: string, now: Date) => {
    const session = await lookUpLiveSession(sessionId, now);
    return session && session.expiresAt > now ? session : undefined;
  };

  const closedForRole = async (role: string) => role !== 'admin' && (await deps.settings.inDowntime());
  // On the embedded database what a sign-in reads (the account with the policy) is kept until the database announces a
  // change of either, one entry per address whatever its case; on PostgreSQL it is read at every sign-in.
  const lookUpLoginOf = cachedUntilChanged(prepareLoginLookup(db), deps.changes, ACCOUNTS_TOPIC);
  const lookUpLogin = (email: string) => lookUpLoginOf(email.toLowerCase());
  const openSession = prepareSessionOpening(db);

  /** A new refresh token of a session: it outlives the idle timeout only if used (a browser closed longer signs in). */
  const newRefreshToken = (policy: SecurityPolicyRow, sessionEnd: Date, now: Date) =>
    newOneUseToken(now, Math.min(policy.inactiveSessionTimeoutInMin * MINUTE_MS, sessionEnd.getTime() - now.getTime()));

  /** The token response: a signed access token of the session, with its refresh token. */
  async function tokenResponse(
    account: NonNullable<LoginAccount>,
    sessionId: string,
    refreshToken: string,
    now: Date,
  ): Promise<TAccessTokenResponse> {
    const accessToken = await tokens.issueAccessToken(
      {
        userId: account.id,
        sessionId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        language: toLanguage(account.language),
        role: account.role as Role,
        staffRole: isStaffRole(account.staffRole) ? account.staffRole : undefined,
        isConsentSigned: hasConsent(account),
      },
      now,
    );
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
    };
  }

  async function issueTokens(
    account: NonNullable<LoginAccount>,
    sessionId: string,
    sessionEnd: Date,
    policy: SecurityPolicyRow,
  ): Promise<TAccessTokenResponse> {
    const now = clock.now();
    const refresh = newRefreshToken(policy, sessionEnd, now);
    await insertRefreshToken(db, { sessionId, tokenHash: refresh.hash, now, expiresAt: refresh.expiresAt });
    return tokenResponse(account, sessionId, refresh.token, now);
  }

  /**
   * Opens a session: the session, its audit record and its first refresh token are written by one statement, after
   * the access token is signed, so either the caller gets both tokens and every row is there, or neither.
   */
  async function startSession(
    account: NonNullable<LoginAccount>,
    policy: SecurityPolicyRow,
    context: RequestContext,
    method: 'password' | 'code' | FactorMethod,
  ) {
    const now = clock.now();
    const staffFactor = method === 'app' || method === 'recoveryCode' || method === 'passkey';
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_HOURS * HOUR_MS);
    const refresh = newRefreshToken(policy, expiresAt, now);
    const reply = await tokenResponse(account, sessionId, refresh.token, now);
    await openSession({
      id: sessionId,
      userId: account.id,
      now,
      expiresAt,
      refreshToken: refresh,
      userAgent: context.userAgent ?? null,
      ipPrefix: ipPrefixOf(context.ip),
      secondFactorAt: staffFactor ? now : null,
      audit: {
        at: now,
        action: 'login.succeeded',
        actorId: account.id,
        subjectId: account.id,
        details: { method, sessionId },
        ip: context.ip,
      },
      // Nearly every sign-in follows none: the account is written only when there is something to clear.
      clearFailedLogins: account.failedLoginCount > 0 || account.lockedUntil !== null,
    });
    return reply;
  }

  /** Counts a wrong password or code; the failure that reaches the limit locks the account. */
  async function fail(
    account: NonNullable<LoginAccount>,
    policy: SecurityPolicyRow,
    context: RequestContext,
    reason: string,
  ) {
    const now = clock.now();
    const lockUntil = new Date(now.getTime() + policy.unlockAccountTimeInMin * MINUTE_MS);
    const locked = await recordFailedLogin(db, account.id, policy.failedAttemptLimit, lockUntil);
    await recordAudit(db, {
      at: now,
      action: 'login.failed',
      actorId: account.id,
      subjectId: account.id,
      details: { reason },
      ip: context.ip,
    });
    if (locked) {
      await recordAudit(db, {
        at: now,
        action: 'login.locked',
        subjectId: account.id,
        details: { until: lockUntil.toISOString() },
        ip: context.ip,
      });
    }
    return locked;
  }

  /** Ends every open session of a user, except `keepSessionId` (the one changing the password) when given. */
  async function endAllSessions(userId: string, reason: string, context?: RequestContext, keepSessionId?: string) {
    const now = clock.now();
    const ended = await revokeUserSessions(db, userId, now, reason, keepSessionId);
    await recordAudit(db, {
      at: now,
      action: reason === 'logout' ? 'logout' : 'session.endedAll',
      actorId: userId,
      subjectId: userId,
      details: { reason, sessions: ended },
      ip: context?.ip,
    });
  }

  /** The bearer of an access token whose session is still open, or undefined (401). */
  async function authenticate(accessToken: string): Promise<VerifiedAccess | undefined> {
    const now = clock.now();
    const verified = await tokens.verifyAccessToken(accessToken, now);
    if (!verified) return undefined;
    const session = await findLiveSession(verified.sessionId, now);
    if (!session || session.userId !== verified.userId || session.status !== 'active') return undefined;
    return {
      userId: session.userId,
      sessionId: session.sessionId,
      role: session.role as Role,
      staffRole: isStaffRole(session.staffRole) ? session.staffRole : undefined,
      healthSystems: session.healthSystems,
    };
  }

  const isLocked = (account: NonNullable<LoginAccount>) =>
    account.lockedUntil !== null && account.lockedUntil.getTime() > clock.now().getTime();

  const staff = createStaffSignIn({ db, clock, factors: deps.factors, startSession, fail, isLocked });

  return {
    /**
     * `POST /login`. Unknown addresses, wrong passwords and locked accounts get the same answer, after the
     * same amount of work. A patient whose policy asks for a code gets one by e-mail; the attempt's secret
     * goes back in `attemptSecret` for the route to put in an HttpOnly cookie.
     */
    async login(
      credentials: { email: string; password: string },
      context: RequestContext,
    ): Promise<DataOutcome<TLoginResult & { attemptSecret?: string; expiresAt?: Date }>> {
      // The policy is read with the account, as they are now: one statement, or none while they are kept. An unknown
      // address's read is kept too, so it costs what a known one's does.
      const { account, policy } = await lookUpLogin(credentials.email);
      // During downtime only administrators sign in; an unknown address is told the same as a patient.
      if (await closedForRole(account?.role ?? 'patient')) return REFUSALS.SYSTEM_DOWN;
      if (!account) {
        await verifyPassword(await decoy(), credentials.password);
        await recordAudit(db, {
          at: clock.now(),
          action: 'login.failed',
          details: { reason: 'unknownAccount' },
          ip: context.ip,
        });
        return REFUSALS.INVALID_CREDENTIALS;
      }
      const passwordMatches = await verifyPassword(account.passwordHash, credentials.password);
      if (isLocked(account)) {
        await recordAudit(db, {
          at: clock.now(),
          action: 'login.refusedLocked',
          subjectId: account.id,
          ip: context.ip,
        });
        return REFUSALS.INVALID_CREDENTIALS;
      }
      if (!passwordMatches) {
        await fail(account, policy, context, 'wrongPassword');
        return REFUSALS.INVALID_CREDENTIALS;
      }
      if (account.status === 'deactivated') return DEACTIVATED;
      if (account.status !== 'active') return REFUSALS.ACCOUNT_NOT_ACTIVE;

      // Staff give a factor of their own next, never an e-mailed code; one without a factor enrols one first.
      if (account.role === 'admin') {
        const secondFactors = await factorKindsOf(db, account.id);
        const step: LoginStep = secondFactors.length > 0 ? 'staffFactor' : 'enrolment';
        const attempt = await staff.openStaffAttempt(account.id, step);
        return {
          ok: true,
          data: {
            twoFactorEnabled: true,
            secondFactors,
            ...(step === 'enrolment' ? { enrolmentRequired: true } : {}),
            attemptSecret: attempt.token,
            expiresAt: attempt.expiresAt,
          },
        };
      }

      if (account.role === 'patient' && policy.otpEnabledForPatient) {
        const now = clock.now();
        const code = newEmailCode(policy.otpLength);
        const attempt = newOneUseToken(now, policy.otpExpiryInMin * MINUTE_MS);
        const language = toLanguage(account.language);
        const emailId = await db.transaction(async (tx) => {
          await loginCodes.issue(
            tx,
            { userId: account.id, attemptHash: attempt.hash, codeHash: hashSecret(code), expiresAt: attempt.expiresAt },
            now,
          );
          await recordAudit(tx, { at: now, action: 'login.codeSent', subjectId: account.id, ip: context.ip });
          return deps.mailer.queue(tx, {
            to: account.email,
            userId: account.id,
            language,
            template: 'login-code',
            priority: 'security',
            content: loginCodeMail(language, { firstName: account.firstName, code, minutes: policy.otpExpiryInMin }),
          });
        });
        deps.mailer.deliverNow([emailId]);
        return {
          ok: true,
          data: { twoFactorEnabled: true, attemptSecret: attempt.token, expiresAt: attempt.expiresAt },
        };
      }
      return {
        ok: true,
        data: {
          twoFactorEnabled: false,
          accessTokenResponse: await startSession(account, policy, context, 'password'),
        },
      };
    },

    /** `POST /login/otp`: the e-mailed code of this browser's login attempt, once, before it expires. */
    async verifyLoginCode(
      input: { otp: string; username?: string; attemptSecret?: string },
      context: RequestContext,
    ): Promise<DataOutcome<TLoginResult>> {
      const expired = REFUSALS.LOGIN_OTP_EXPIRED;
      if (!input.attemptSecret) return expired;
      const challenge = await loginCodes.findOpen(db, { key: hashSecret(input.attemptSecret) });
      if (!challenge) return expired;
      const account = await findLoginAccountById(db, challenge.userId);
      if (!account || account.status !== 'active') return expired;
      if (input.username && input.username.trim().toLowerCase() !== account.email.toLowerCase()) return expired;
      if (await closedForRole(account.role)) return REFUSALS.SYSTEM_DOWN;
      const now = clock.now();
      if (challenge.expiresAt.getTime() <= now.getTime()) {
        await loginCodes.end(db, { id: challenge.id }, now);
        await recordAudit(db, { at: now, action: 'login.codeExpired', subjectId: account.id, ip: context.ip });
        return expired;
      }
      // An attempt that waits for the enrolment of a first factor takes no code: the member has none yet.
      if (challenge.step === 'enrolment') return expired;
      const policy = await findSecurityPolicy(db);
      if (challenge.step === 'staffFactor')
        return staff.staffFactorStep(account, challenge.id, input.otp, policy, context);
      if (isLocked(account) || !challenge.codeHash || !codeMatches(challenge.codeHash, input.otp)) {
        // A lock ends the attempt, so the next try is told to log in again (where the lock answers).
        const locked = isLocked(account) || (await fail(account, policy, context, 'wrongCode'));
        if (locked) await loginCodes.end(db, { id: challenge.id }, now);
        return REFUSALS.INVALID_OTP;
      }
      // Two checks of one code at once: only the one whose use lands signs in.
      if (!(await loginCodes.use(db, { id: challenge.id }, now))) return expired;
      return {
        ok: true,
        data: { twoFactorEnabled: true, accessTokenResponse: await startSession(account, policy, context, 'code') },
      };
    },

    /**
     * `POST /refresh-token`: each refresh token works once. Presenting one that was already used means it
     * was copied, so the whole session (every token rotated from the same login) ends.
     */
    async refresh(refreshToken: string, context: RequestContext): Promise<DataOutcome<TAccessTokenResponse>> {
      const now = clock.now();
      const tokenHash = hashSecret(refreshToken);
      // Downtime turns a patient away before the token is spent: 503 means "later", with the same token.
      const holder = await findSessionOfRefreshToken(db, tokenHash);
      if (holder && !holder.usedAt && (await closedForRole(holder.role))) return REFUSALS.SYSTEM_DOWN;
      const used = await useRefreshToken(db, tokenHash, now);
      if (!used) {
        if (holder) {
          await revokeSession(db, holder.sessionId, now, 'refreshReuse');
          await recordAudit(db, {
            at: now,
            action: 'session.refreshReuse',
            subjectId: holder.userId,
            details: { sessionId: holder.sessionId },
            ip: context.ip,
          });
        }
        return REFUSALS.SESSION_ENDED;
      }
      const session = await findLiveSession(used.sessionId, now);
      if (!session || session.status !== 'active' || used.expiresAt.getTime() <= now.getTime()) {
        return REFUSALS.SESSION_ENDED;
      }
      const account = await findLoginAccountById(db, session.userId);
      const policy = await findSecurityPolicy(db);
      // A staff member's sessions list says when each was last used; their tokens are refreshed while it is.
      if (account?.role === 'admin') await markSessionSeen(db, session.sessionId, now);
      return { ok: true, data: await issueTokens(account!, session.sessionId, session.expiresAt, policy) };
    },

    authenticate,

    /** `POST /logout`: ends every session of the user the token belongs to. */
    async logout(credential: { accessToken?: string; refreshToken?: string }, context: RequestContext) {
      // Only a credential of an open session counts: one of a session already ended ends nothing.
      let userId = credential.accessToken ? (await authenticate(credential.accessToken))?.userId : undefined;
      if (!userId && credential.refreshToken) {
        const holder = await findSessionOfRefreshToken(db, hashSecret(credential.refreshToken));
        if (holder && (await findLiveSession(holder.sessionId, clock.now()))) userId = holder.userId;
      }
      if (!userId) return;
      await endAllSessions(userId, 'logout', context);
    },

    /** Ends every session of a user (logout, password change or reset, withdrawal); their tokens stop working. */
    endAllSessions,

    ...staff,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
