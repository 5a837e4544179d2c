import { toLanguage } from '@portal/shared/i18n/language';
import { fieldErrors } from '@portal/shared/api/field-errors';
import { CHANGE_PASSWORD_MESSAGES, changePasswordSchema } from '@portal/shared/password/change-password';
import {
  newPasswordSchema,
  PASSWORD_RESET_MESSAGES,
  ZForgotPasswordForm,
  type TResetPasswordRequest,
} from '@portal/shared/password/reset-password';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { z } from 'zod';
import { HOUR_MS } from '@portal/shared/durations';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { findSecurityPolicy } from '../../db/security-policy';
import { refused, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { passwordChangedMail, passwordResetMail } from '../../providers/mail/templates/password';
import { attemptKey, type AttemptLimiter } from '../../security/attempt-limiter';
import { emailedLink, hashSecret, newOneUseToken } from '../../security/one-use-token';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import {
  findPasswordChangeAccount,
  findResetAccountByEmail,
  findResetAccountById,
  resetLinks,
  setPassword,
} from './repository';

/** A reset link works for an hour: long enough to find the e-mail, short enough to be worth little if leaked. */
export const RESET_LINK_MINUTES = 60;
export const RESET_EMAIL_LIMIT = { max: 3, windowMs: HOUR_MS };
/** Tries of the current password per account on Change Password: enough for typos, too few for guessing. */
export const CHANGE_PASSWORD_LIMIT = { max: 5, windowMs: HOUR_MS / 4 };

/** What password recovery needs of other modules (wired in app.ts; modules do not import each other). */
export interface PasswordDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  limiter: AttemptLimiter;
  publicUrl: string;
  getPasswordPolicy(): Promise<TPasswordPolicy>;
  settings: { getDowntime(): Promise<{ inDowntime: boolean }> };
  /** Ends every session of a user (auth), except `keepSessionId` when given. */
  endAllSessions(userId: string, reason: string, context?: RequestContext, keepSessionId?: string): Promise<void>;
  /** Sends a fresh activation link to an account that is not active yet (registration). */
  resendActivation(query: { email: string }): Promise<unknown>;
}

/** Forgot password, the e-mailed reset link, and the reset itself. */
export function createPasswordService(deps: PasswordDeps) {
  const { db, clock, mailer } = deps;
  const down = async () => (await deps.settings.getDowntime()).inDowntime;

  /**
   * Queues the security notice after a reset or a change, in the change's transaction, so a change the owner did
   * not make is noticed.
   */
  function queueChangedNotice(
    tx: Database,
    account: { id: string; email: string; firstName: string; language: string },
    keptThisSession: boolean,
  ) {
    const language = toLanguage(account.language);
    return mailer.queue(tx, {
      to: account.email,
      userId: account.id,
      language,
      template: 'password-changed',
      content: passwordChangedMail(language, { firstName: account.firstName, keptThisSession }),
    });
  }

  return {
    /**
     * `GET /reset-password/init?email=`: the same answer for every well-formed address, so it tells nobody
     * who has an account. An active account gets a reset link; one never activated gets its activation link.
     */
    async requestReset(query: { email?: string }, context: RequestContext): Promise<Outcome> {
      if (await down()) return refused(503, 'error.systemDown');
      const parsed = ZForgotPasswordForm.safeParse({ email: query.email ?? '' });
      if (!parsed.success) return refused(400, PASSWORD_RESET_MESSAGES.emailInvalid, fieldErrors(parsed.error));
      const email = parsed.data.email.toLowerCase();
      if (!(await deps.limiter.allow(attemptKey('reset', email), RESET_EMAIL_LIMIT))) {
        return refused(429, 'error.tooManyAttempts');
      }
      const account = await findResetAccountByEmail(db, email);
      if (account?.status === 'pending') await deps.resendActivation({ email });
      if (account?.status === 'active') {
        const now = clock.now();
        const { token, hash, expiresAt } = newOneUseToken(now, RESET_LINK_MINUTES * 60_000);
        const language = toLanguage(account.language);
        const emailId = await db.transaction(async (tx) => {
          await resetLinks.issue(tx, { userId: account.id, tokenHash: hash, expiresAt }, now);
          await recordAudit(tx, { at: now, action: 'password.resetRequested', subjectId: account.id, ip: context.ip });
          return mailer.queue(tx, {
            to: account.email,
            userId: account.id,
            language,
            template: 'password-reset',
            priority: 'security',
            content: passwordResetMail(language, {
              firstName: account.firstName,
              link: emailedLink(deps.publicUrl, '/reset-password', token, account.id),
              minutes: RESET_LINK_MINUTES,
            }),
          });
        });
        mailer.deliverNow([emailId]);
      }
      return { ok: true, message: 'password.resetRequested' };
    },

    /** `GET /verify-reset-password?token=&id=`: whether the link can still be used. */
    async verifyLink(query: { token?: string; id?: string }): Promise<Outcome> {
      const invalid = refused(400, PASSWORD_RESET_MESSAGES.linkInvalid);
      if (!query.token || !query.id || !z.uuid().safeParse(query.id).success) return invalid;
      // Usable while unused, not replaced by a newer link, unexpired, and while its account is still active.
      const link = await resetLinks.findOpen(db, { userId: query.id, key: hashSecret(query.token) });
      if (!link || link.expiresAt <= clock.now()) return invalid;
      const account = await findResetAccountById(db, query.id);
      return account?.status === 'active' ? { ok: true, message: 'password.linkValid' } : invalid;
    },

    /**
     * `POST /reset-password`: uses the link once and sets the new password under the security policy. Every
     * session of the account ends, a lockout is lifted, and the owner is told by e-mail. The 24-hour minimum
     * between password changes is for the change-password screen: a forgotten password is never kept locked.
     */
    async resetPassword(body: TResetPasswordRequest, context: RequestContext): Promise<Outcome> {
      if (await down()) return refused(503, 'error.systemDown');
      const parsed = newPasswordSchema(await deps.getPasswordPolicy()).safeParse(body);
      if (!parsed.success) return refused(400, 'error.password.resetFailed', fieldErrors(parsed.error));
      const invalid = refused(400, PASSWORD_RESET_MESSAGES.linkInvalid);
      if (!z.uuid().safeParse(body.userId).success || body.token === '') return invalid;
      const now = clock.now();
      const passwordHash = await hashPassword(parsed.data.password);
      const notice = await db.transaction(async (tx) => {
        if (!(await resetLinks.use(tx, { userId: body.userId, key: hashSecret(body.token) }, now))) return undefined;
        // The link is spent either way: a withdrawn account keeps it from ever working again.
        if (!(await setPassword(tx, body.userId, passwordHash, now))) return undefined;
        await recordAudit(tx, {
          at: now,
          action: 'password.reset',
          actorId: body.userId,
          subjectId: body.userId,
          ip: context.ip,
        });
        const account = await findResetAccountById(tx, body.userId);
        return account ? queueChangedNotice(tx, account, false) : null;
      });
      if (notice === undefined) return invalid;
      await deps.endAllSessions(body.userId, 'passwordReset', context);
      if (notice) mailer.deliverNow([notice]);
      return { ok: true, message: 'password.resetDone' };
    },

    /**
     * `PUT /update-password` (Change Password): the current password, then the new one under the security
     * policy, at most once per `resetPasswordAgainLimitInHrs` (24 hours by default; a registration password does
     * not count as a change). The caller's own session stays open; every other one ends, and the owner is
     * told by e-mail.
     */
    async changePassword(
      caller: { userId: string; sessionId: string },
      body: unknown,
      context: RequestContext,
    ): Promise<Outcome> {
      const M = CHANGE_PASSWORD_MESSAGES;
      const parsed = changePasswordSchema(await deps.getPasswordPolicy()).safeParse(body);
      if (!parsed.success) return refused(400, M.failed, fieldErrors(parsed.error));
      const account = await findPasswordChangeAccount(db, caller.userId);
      if (!account || account.status !== 'active') return refused(401, 'error.unauthorized');
      const now = clock.now();
      if (!(await deps.limiter.allow(attemptKey('change-password', caller.userId), CHANGE_PASSWORD_LIMIT))) {
        return refused(429, 'error.tooManyAttempts');
      }
      if (!(await verifyPassword(account.passwordHash, parsed.data.password))) {
        await recordAudit(db, { at: now, action: 'password.changeRefused', subjectId: account.id, ip: context.ip });
        return refused(400, M.wrongCurrent, [{ errorField: 'password', message: M.wrongCurrent }]);
      }
      // Only after the current password: a borrowed session learns nothing of when the password last changed.
      const hours = (await findSecurityPolicy(db)).resetPasswordAgainLimitInHrs;
      if (account.passwordChangedAt && now.getTime() - account.passwordChangedAt.getTime() < hours * HOUR_MS) {
        return { ...refused(400, M.tooSoon), values: { count: hours } };
      }
      const passwordHash = await hashPassword(parsed.data.newPassword);
      const notice = await db.transaction(async (tx) => {
        await setPassword(tx, account.id, passwordHash, now);
        await recordAudit(tx, {
          at: now,
          action: 'password.changed',
          actorId: account.id,
          subjectId: account.id,
          ip: context.ip,
        });
        return queueChangedNotice(tx, account, true);
      });
      await deps.endAllSessions(account.id, 'passwordChanged', context, caller.sessionId);
      mailer.deliverNow([notice]);
      return { ok: true, message: M.changed };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
