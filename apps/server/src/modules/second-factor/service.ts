import { SECOND_FACTOR_MESSAGES as M, type FactorKind, type TMySecurity } from '@portal/shared/staff/second-factor';
import type { TAccessTokenResponse } from '@portal/shared/auth/login';
import { recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { refused, type DataOutcome, type Outcome, type Refusal, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { VerifiedAccess } from '../../security/verified-access';
import { appAddress, matchingTimeStep, newAppSecret } from '../../security/second-factor/totp';
import type { AppSecretSeal } from '../../security/second-factor/app-secret-seal';
import type { FactorChecks, FactorMethod } from '../../security/second-factor/checks';
import { describeUserAgent } from '../../security/second-factor/session-device';
import { newRecoveryCodes } from '../../security/second-factor/recovery-codes';
import {
  confirmApp,
  endSessionOf,
  findPendingApp,
  insertPasskey,
  insertPendingApp,
  lockAccount,
  markSecondFactor,
  openSessionsOf,
  removeFactor,
  replaceRecoveryCodes,
  secondFactorTimeOf,
} from './repository';
import { factorKindsOf, listFactors, recoveryCodesLeft } from '../../security/second-factor/factors';

/** The issuer an authenticator app lists the portal's codes under. */
export const APP_ISSUER = 'Kidney Research Study';

/** A login attempt of the browser's cookie: whose it is, spent once with `use`. */
export interface OpenAttempt {
  id: string;
  userId: string;
  account: { email: string; firstName: string; lastName: string };
}

/** What second factors need of sign-in (wired in app-services.ts; modules do not import each other). */
export interface SecondFactorDeps {
  db: Database;
  clock: Clock;
  /** How long a second factor given in a session covers dangerous actions (STEP_UP_MINUTES, or less in tests). */
  stepUpWindowMs: number;
  seal: AppSecretSeal;
  factors: FactorChecks;
  auth: {
    openAttempt(secret: string, step: 'enrolment'): Promise<OpenAttempt | undefined>;
    useAttempt(tx: Executor, attemptId: string, now: Date): Promise<boolean>;
    startStaffSession(userId: string, method: FactorMethod, context: RequestContext): Promise<TAccessTokenResponse>;
    countFailedSecondFactor(userId: string, reason: string, context: RequestContext): Promise<boolean>;
    isAccountLocked(userId: string): Promise<boolean>;
    recordRecoveryCodeUse(userId: string, left: number, context: RequestContext): Promise<void>;
    endAllSessions(userId: string, reason: string, context?: RequestContext, keepSessionId?: string): Promise<void>;
    findAccount(userId: string): Promise<{ email: string; firstName: string; lastName: string } | undefined>;
  };
}

const ENROLMENT_EXPIRED = refused(401, M.enrolmentExpired, undefined, 'LOGIN_OTP_EXPIRED');
const ENROLMENT_DONE = refused(409, M.enrolmentDone, undefined, 'LOGIN_OTP_EXPIRED');
const WRONG_CODE = refused(400, M.codeInvalid, [{ errorField: 'otp', message: M.codeInvalid }], 'INVALID_OTP');
const PASSKEY_FAILED = refused(400, M.passkeyFailed);

/** A refusal thrown out of a transaction so that it rolls back. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}
const unlessRefused = (error: unknown) => {
  if (error instanceof Refused) return error.refusal;
  throw error;
};

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

/** Staff members' second factors: enrolment, their own security page, step-up, and what they are asked for. */
export function createSecondFactorService(deps: SecondFactorDeps) {
  const { db, clock, seal, factors, auth } = deps;

  /** Audits what a staff member did to their own account. */
  const auditOwn = (
    executor: Executor,
    userId: string,
    action: string,
    details: Record<string, unknown>,
    context: RequestContext,
    at = clock.now(),
  ) => recordAudit(executor, { at, action, actorId: userId, subjectId: userId, details, ip: context.ip });

  /** A new app secret waiting for its first code, with the address its QR code shows. */
  async function newPendingApp(userId: string, email: string) {
    const secret = newAppSecret();
    const factorId = await insertPendingApp(db, {
      userId,
      name: '',
      sealedSecret: await seal.seal(secret),
      now: clock.now(),
    });
    return { factorId, secret, otpauthUri: appAddress(secret, APP_ISSUER, email) };
  }

  /** The step of a waiting app's first code, or undefined when the code is not its current one. */
  async function firstCodeStep(userId: string, factorId: string, otp: string) {
    const pending = await findPendingApp(db, userId, factorId);
    if (!pending) return undefined;
    return matchingTimeStep(await seal.open(pending.appSecret!), otp, clock.now());
  }

  /**
   * Ends an enrolment: the attempt is spent (once, however many requests race), the factor saved by `save`, and
   * ten recovery codes made, in one transaction; then the session opens. A member who has a factor already is
   * told to sign in.
   */
  async function finishEnrolment(
    attempt: OpenAttempt,
    kind: FactorKind,
    save: (tx: Executor, now: Date) => Promise<boolean>,
    context: RequestContext,
  ) {
    const now = clock.now();
    const recoveryCodes = await db
      .transaction(async (tx) => {
        await lockAccount(tx, attempt.userId);
        if ((await listFactors(tx, attempt.userId)).length > 0) throw new Refused(ENROLMENT_DONE);
        if (!(await auth.useAttempt(tx, attempt.id, now))) throw new Refused(ENROLMENT_EXPIRED);
        if (!(await save(tx, now))) throw new Refused(kind === 'app' ? WRONG_CODE : PASSKEY_FAILED);
        const { codes, hashes } = newRecoveryCodes();
        await replaceRecoveryCodes(tx, attempt.userId, hashes, now);
        await auditOwn(
          tx,
          attempt.userId,
          'secondFactor.enrolled',
          { kind, recoveryCodes: codes.length },
          context,
          now,
        );
        return codes;
      })
      .catch(unlessRefused);
    if (!Array.isArray(recoveryCodes)) return recoveryCodes;
    const accessTokenResponse = await auth.startStaffSession(attempt.userId, kind, context);
    return { ok: true as const, data: { recoveryCodes, accessTokenResponse } };
  }

  /** Saves a factor added on the security page, audits it, and ends the member's other sessions. */
  async function afterFactorAdded(access: VerifiedAccess, kind: FactorKind, context: RequestContext): Promise<Outcome> {
    await auditOwn(db, access.userId, 'secondFactor.added', { kind }, context);
    await auth.endAllSessions(access.userId, 'factorChanged', context, access.sessionId);
    return { ok: true, message: M.factorAdded };
  }

  /** A step-up given now: the session may take dangerous actions for the next minutes. */
  async function steppedUp(access: VerifiedAccess, method: FactorMethod, context: RequestContext): Promise<Outcome> {
    const now = clock.now();
    await markSecondFactor(db, access.sessionId, now);
    await auditOwn(db, access.userId, 'stepUp.succeeded', { method }, context, now);
    return { ok: true, message: M.confirmed };
  }

  const accountOf = async (userId: string) => {
    const account = await auth.findAccount(userId);
    if (!account) throw new Error('the signed-in staff member has no account');
    return account;
  };

  return {
    // ——— Enrolment: the login attempt's cookie says whose ———

    async enrolmentApp(
      attemptSecret: string | undefined,
    ): Promise<DataOutcome<Awaited<ReturnType<typeof newPendingApp>>>> {
      const attempt = attemptSecret ? await auth.openAttempt(attemptSecret, 'enrolment') : undefined;
      if (!attempt) return ENROLMENT_EXPIRED;
      return { ok: true, data: await newPendingApp(attempt.userId, attempt.account.email) };
    },

    async confirmEnrolmentApp(
      attemptSecret: string | undefined,
      body: { factorId: string; otp: string; name?: string },
      context: RequestContext,
    ) {
      const attempt = attemptSecret ? await auth.openAttempt(attemptSecret, 'enrolment') : undefined;
      if (!attempt) return ENROLMENT_EXPIRED;
      const step = await firstCodeStep(attempt.userId, body.factorId, body.otp);
      if (step === undefined) return WRONG_CODE;
      return finishEnrolment(
        attempt,
        'app',
        (tx, now) => confirmApp(tx, body.factorId, { step, name: body.name, now }),
        context,
      );
    },

    async enrolmentPasskeyOptions(attemptSecret: string | undefined) {
      const attempt = attemptSecret ? await auth.openAttempt(attemptSecret, 'enrolment') : undefined;
      if (!attempt) return ENROLMENT_EXPIRED;
      const user = { id: attempt.userId, email: attempt.account.email, name: fullName(attempt.account) };
      return {
        ok: true as const,
        data: await factors.registrationOptions(user, { purpose: 'enrol', userId: user.id }, clock.now()),
      };
    },

    async confirmEnrolmentPasskey(
      attemptSecret: string | undefined,
      body: { response: unknown; name?: string },
      context: RequestContext,
    ) {
      const attempt = attemptSecret ? await auth.openAttempt(attemptSecret, 'enrolment') : undefined;
      if (!attempt) return ENROLMENT_EXPIRED;
      const passkey = await factors.checkRegistration(
        body.response,
        { purpose: 'enrol', userId: attempt.userId },
        clock.now(),
      );
      if (!passkey) return PASSKEY_FAILED;
      return finishEnrolment(
        attempt,
        'passkey',
        async (tx, now) =>
          (await insertPasskey(tx, { ...passkey, userId: attempt.userId, name: body.name ?? '', now })) !== undefined,
        context,
      );
    },

    // ——— Your security ———

    async mySecurity(access: VerifiedAccess): Promise<TMySecurity> {
      const now = clock.now();
      const [rows, left, sessions] = await Promise.all([
        listFactors(db, access.userId),
        recoveryCodesLeft(db, access.userId),
        openSessionsOf(db, access.userId, now),
      ]);
      return {
        factors: rows.map((f) => ({
          id: f.id,
          kind: f.kind as FactorKind,
          name: f.name,
          createdAt: f.createdAt.toISOString(),
          lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: left,
        sessions: sessions.map((s) => ({
          id: s.id,
          current: s.id === access.sessionId,
          ...describeUserAgent(s.userAgent),
          ipPrefix: s.ipPrefix,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: (s.lastSeenAt ?? s.createdAt).toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
      };
    },

    async newApp(access: VerifiedAccess) {
      return newPendingApp(access.userId, (await accountOf(access.userId)).email);
    },

    async confirmApp(
      access: VerifiedAccess,
      body: { factorId: string; otp: string; name?: string },
      context: RequestContext,
    ) {
      const step = await firstCodeStep(access.userId, body.factorId, body.otp);
      if (step === undefined || !(await confirmApp(db, body.factorId, { step, name: body.name, now: clock.now() })))
        return WRONG_CODE;
      return afterFactorAdded(access, 'app', context);
    },

    async passkeyOptions(access: VerifiedAccess) {
      const account = await accountOf(access.userId);
      const user = { id: access.userId, email: account.email, name: fullName(account) };
      return factors.registrationOptions(user, { purpose: 'register', sessionId: access.sessionId }, clock.now());
    },

    async addPasskey(access: VerifiedAccess, body: { response: unknown; name?: string }, context: RequestContext) {
      const now = clock.now();
      const passkey = await factors.checkRegistration(
        body.response,
        { purpose: 'register', sessionId: access.sessionId },
        now,
      );
      if (!passkey) return PASSKEY_FAILED;
      const saved = await insertPasskey(db, { ...passkey, userId: access.userId, name: body.name ?? '', now });
      if (!saved) return PASSKEY_FAILED;
      return afterFactorAdded(access, 'passkey', context);
    },

    /** Removes one of the member's factors, never the last one. */
    async removeFactor(access: VerifiedAccess, factorId: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      const removed = await db.transaction(async (tx) => {
        await lockAccount(tx, access.userId);
        const factor = await removeFactor(tx, access.userId, factorId);
        if (typeof factor !== 'string')
          await auditOwn(tx, access.userId, 'secondFactor.removed', { kind: factor.kind }, context, now);
        return factor;
      });
      if (removed === 'notFound') return refused(404, M.factorNotFound);
      if (removed === 'last') return refused(409, M.lastFactor);
      await auth.endAllSessions(access.userId, 'factorChanged', context, access.sessionId);
      return { ok: true, message: M.factorRemoved };
    },

    /** Ten new recovery codes, shown once; the earlier unused ones stop working. */
    async newRecoveryCodes(access: VerifiedAccess, context: RequestContext) {
      const now = clock.now();
      const { codes, hashes } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await replaceRecoveryCodes(tx, access.userId, hashes, now);
        await auditOwn(tx, access.userId, 'recoveryCodes.made', { count: codes.length }, context, now);
      });
      return { recoveryCodes: codes };
    },

    async endSession(access: VerifiedAccess, sessionId: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      if (!(await endSessionOf(db, access.userId, sessionId, now, 'endedByOwner')))
        return refused(404, M.sessionNotFound);
      await auditOwn(
        db,
        access.userId,
        'session.ended',
        { sessionId, current: sessionId === access.sessionId },
        context,
        now,
      );
      return { ok: true, message: M.sessionEnded };
    },

    async endOtherSessions(access: VerifiedAccess, context: RequestContext): Promise<Outcome> {
      await auth.endAllSessions(access.userId, 'endedByOwner', context, access.sessionId);
      return { ok: true, message: M.otherSessionsEnded };
    },

    // ——— Step-up ———

    /**
     * The factors a staff session must give again before a dangerous action, or undefined when it gave one in
     * the last STEP_UP_MINUTES (5) minutes.
     */
    async stepUpNeeded(access: VerifiedAccess): Promise<FactorKind[] | undefined> {
      const at = await secondFactorTimeOf(db, access.sessionId);
      if (at && clock.now().getTime() - at.getTime() <= deps.stepUpWindowMs) return undefined;
      return factorKindsOf(db, access.userId);
    },

    /** Step-up with an app or recovery code; a wrong one counts toward the lockout, which ends every session. */
    async stepUp(access: VerifiedAccess, otp: string, context: RequestContext): Promise<Outcome> {
      if (await auth.isAccountLocked(access.userId)) return WRONG_CODE;
      const check = await factors.checkCode(access.userId, otp, clock.now());
      if (!check.ok) {
        if (await auth.countFailedSecondFactor(access.userId, check.reason, context))
          await auth.endAllSessions(access.userId, 'locked', context);
        return WRONG_CODE;
      }
      if (check.method === 'recoveryCode')
        await auth.recordRecoveryCodeUse(access.userId, check.recoveryCodesLeft ?? 0, context);
      return steppedUp(access, check.method, context);
    },

    stepUpPasskeyOptions: (access: VerifiedAccess) =>
      factors.passkeyOptions({ purpose: 'stepUp', userId: access.userId, sessionId: access.sessionId }, clock.now()),

    async stepUpPasskey(access: VerifiedAccess, response: { id: string }, context: RequestContext): Promise<Outcome> {
      const check = await factors.checkPasskey(
        response,
        { purpose: 'stepUp', userId: access.userId, sessionId: access.sessionId },
        clock.now(),
      );
      if (!check.ok) {
        await auditOwn(
          db,
          access.userId,
          'secondFactor.failed',
          { reason: check.reason, during: 'stepUp', method: 'passkey' },
          context,
        );
        return PASSKEY_FAILED;
      }
      return steppedUp(access, 'passkey', context);
    },
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
