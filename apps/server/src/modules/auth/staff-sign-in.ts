import { MINUTE_MS } from '@portal/shared/durations';
import type { TLoginResult } from '@portal/shared/auth/login';
import { STAFF_SIGN_IN_MINUTES } from '@portal/shared/staff/second-factor';
import { recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { findSecurityPolicy, type SecurityPolicyRow } from '../../db/security-policy';
import type { DataOutcome, RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { hashSecret, newOneUseToken } from '../../security/one-use-token';
import type { FactorChecks, FactorMethod } from '../../security/second-factor/checks';
import { DEACTIVATED, PASSKEY_REFUSED, REFUSALS, WRONG_FACTOR_CODE, type LoginStep } from './refusals';
import { findLoginAccountById, loginCodes, type LoginAccount } from './repository';

type Account = NonNullable<LoginAccount>;

/** What a staff member's sign-in takes from the rest of sign-in: sessions, failures and the lock. */
export interface StaffSignInDeps {
  db: Database;
  clock: Clock;
  factors: FactorChecks;
  startSession(
    account: Account,
    policy: SecurityPolicyRow,
    context: RequestContext,
    method: FactorMethod,
  ): Promise<TLoginResult['accessTokenResponse'] & object>;
  fail(account: Account, policy: SecurityPolicyRow, context: RequestContext, reason: string): Promise<boolean>;
  isLocked(account: Account): boolean;
}

/**
 * A staff member's side of signing in: after the password, a login attempt that waits for their own factor (an
 * app or recovery code, or a passkey) or for the enrolment of one; a passkey alone may sign in too.
 */
export function createStaffSignIn(deps: StaffSignInDeps) {
  const { db, clock, factors, startSession, fail, isLocked } = deps;

  /** The open, unexpired login attempt of a browser's cookie at `step`, with its account, or undefined. */
  async function openAttempt(attemptSecret: string, step: LoginStep) {
    const attempt = await loginCodes.findOpen(db, { key: hashSecret(attemptSecret) });
    if (!attempt || attempt.step !== step || attempt.expiresAt.getTime() <= clock.now().getTime()) return undefined;
    const account = await findLoginAccountById(db, attempt.userId);
    if (account?.status !== 'active' || account.role !== 'admin') return undefined;
    return { id: attempt.id, userId: attempt.userId, account };
  }

  /** A staff member's login attempt after the password: it waits for their factor, or for its enrolment. */
  async function openStaffAttempt(userId: string, step: Exclude<LoginStep, 'emailCode'>) {
    const now = clock.now();
    const attempt = newOneUseToken(now, STAFF_SIGN_IN_MINUTES * MINUTE_MS);
    await db.transaction((tx) =>
      loginCodes.issue(tx, { userId, attemptHash: attempt.hash, step, expiresAt: attempt.expiresAt }, now),
    );
    return attempt;
  }

  /** Counts a wrong second factor like a wrong password, and says so in the audit trail. */
  async function failSecondFactor(
    account: Account,
    policy: SecurityPolicyRow,
    context: RequestContext,
    reason: string,
    during: 'signIn' | 'stepUp',
  ) {
    await recordAudit(db, {
      at: clock.now(),
      action: 'secondFactor.failed',
      actorId: account.id,
      subjectId: account.id,
      details: { reason, during },
      ip: context.ip,
    });
    return fail(account, policy, context, reason);
  }

  /** A staff member's app or recovery code after their password: it signs in once, then the attempt is spent. */
  async function staffFactorStep(
    account: Account,
    attemptId: string,
    otp: string,
    policy: SecurityPolicyRow,
    context: RequestContext,
  ): Promise<DataOutcome<TLoginResult>> {
    const now = clock.now();
    if (isLocked(account)) {
      await loginCodes.end(db, { id: attemptId }, now);
      return WRONG_FACTOR_CODE;
    }
    const check = await factors.checkCode(account.id, otp, now);
    if (!check.ok) {
      if (await failSecondFactor(account, policy, context, check.reason, 'signIn'))
        await loginCodes.end(db, { id: attemptId }, now);
      return WRONG_FACTOR_CODE;
    }
    if (!(await loginCodes.use(db, { id: attemptId }, now))) return REFUSALS.LOGIN_OTP_EXPIRED;
    if (check.method === 'recoveryCode') await recordRecoveryCodeUse(account.id, check.recoveryCodesLeft ?? 0, context);
    return {
      ok: true,
      data: { twoFactorEnabled: true, accessTokenResponse: await startSession(account, policy, context, check.method) },
    };
  }

  async function recordRecoveryCodeUse(userId: string, left: number, context: RequestContext) {
    await recordAudit(db, {
      at: clock.now(),
      action: 'recoveryCode.used',
      actorId: userId,
      subjectId: userId,
      details: { left },
      ip: context.ip,
    });
  }

  return {
    openStaffAttempt,
    staffFactorStep,

    /**
     * `POST /login/passkey/options`: a challenge for any of the portal's passkeys (discoverable credentials, no
     * password first), or, with a staff login attempt waiting for its factor, for that member's passkeys.
     */
    async passkeySignInOptions(attemptSecret: string | undefined) {
      const now = clock.now();
      const attempt = attemptSecret ? await openAttempt(attemptSecret, 'staffFactor') : undefined;
      if (attemptSecret !== undefined && !attempt) return REFUSALS.LOGIN_OTP_EXPIRED;
      return {
        ok: true as const,
        data: await factors.passkeyOptions({ purpose: 'signIn', userId: attempt?.userId }, now),
      };
    },

    /** `POST /login/passkey`: a passkey's signature signs a staff member in, with or without their password first. */
    async passkeySignIn(
      response: { id: string },
      attemptSecret: string | undefined,
      context: RequestContext,
    ): Promise<DataOutcome<TLoginResult>> {
      const now = clock.now();
      const attempt = attemptSecret ? await openAttempt(attemptSecret, 'staffFactor') : undefined;
      const check = await factors.checkPasskey(response, { purpose: 'signIn', userId: attempt?.userId }, now);
      if (!check.ok) {
        await recordAudit(db, {
          at: now,
          action: 'secondFactor.failed',
          subjectId: attempt?.userId,
          details: { reason: check.reason, during: 'signIn', method: 'passkey' },
          ip: context.ip,
        });
        return PASSKEY_REFUSED;
      }
      const account = await findLoginAccountById(db, check.userId);
      if (!account || account.role !== 'admin') return PASSKEY_REFUSED;
      if (account.status === 'deactivated') return DEACTIVATED;
      if (account.status !== 'active') return REFUSALS.ACCOUNT_NOT_ACTIVE;
      if (isLocked(account)) return REFUSALS.INVALID_CREDENTIALS;
      if (attempt) await loginCodes.use(db, { id: attempt.id }, now);
      const policy = await findSecurityPolicy(db);
      return {
        ok: true,
        data: { twoFactorEnabled: true, accessTokenResponse: await startSession(account, policy, context, 'passkey') },
      };
    },

    /** The open, unexpired login attempt of a browser's cookie, at the step it waits for. */
    openAttempt,

    /** Spends a login attempt, once, in the caller's transaction. */
    useAttempt: (tx: Executor, attemptId: string, now: Date) => loginCodes.use(tx, { id: attemptId }, now),

    /** A login attempt that waits for a staff member's enrolment of a factor (an accepted invitation). */
    openEnrolmentAttempt: (userId: string) => openStaffAttempt(userId, 'enrolment'),

    findAccount: (userId: string) => findLoginAccountById(db, userId),

    /** Opens a staff member's session once their factor is given (enrolment); their sign-in's attempt is spent. */
    async startStaffSession(userId: string, method: FactorMethod, context: RequestContext) {
      const account = await findLoginAccountById(db, userId);
      const policy = await findSecurityPolicy(db);
      return startSession(account!, policy, context, method);
    },

    /** Counts a wrong second factor toward the lockout; true when it locked the account. */
    async countFailedSecondFactor(userId: string, reason: string, context: RequestContext) {
      const account = await findLoginAccountById(db, userId);
      const policy = await findSecurityPolicy(db);
      return failSecondFactor(account!, policy, context, reason, 'stepUp');
    },

    /** Whether the account is locked now (too many failed sign-ins or codes). */
    async isAccountLocked(userId: string) {
      const account = await findLoginAccountById(db, userId);
      return !account || isLocked(account);
    },

    recordRecoveryCodeUse,
  };
}
