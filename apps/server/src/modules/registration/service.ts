import { calendarDate, formatDate, parseUsDate } from '@portal/shared/dates';
import { fieldErrors } from '@portal/shared/api/field-errors';
import { LATEST_TIME_ZONE } from '@portal/shared/registration/birth-date';
import { fromOpenedPayload } from '@portal/shared/registration/register';
import {
  accountInformationSchema,
  EMAIL_PATTERN,
  NO_HEALTH_SYSTEM,
  REGISTRATION_MESSAGES,
  registrationSchema,
  type RegistrationRules,
} from '@portal/shared/registration/registration-form';
import { toLanguage } from '@portal/shared/i18n/language';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import type { TRegistrationDropdowns } from '@portal/shared/reference/registration-dropdowns';
import type { Language } from '@portal/shared/constants';
import { z } from 'zod';
import { HOUR_MS, DAY_MS } from '@portal/shared/durations';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { findSecurityPolicy } from '../../db/security-policy';
import { isUniqueViolation } from '../../db/unique-violation';
import { refused, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { activationMail } from '../../providers/mail/templates/activation';
import { hashPassword } from '../../security/password-hash';
import { attemptKey, type AttemptLimiter } from '../../security/attempt-limiter';
import { emailedLink, hashSecret, newOneUseToken } from '../../security/one-use-token';
import {
  activatePendingUser,
  activationLinks,
  findLiveUserByEmail,
  findUserById,
  insertPendingParticipant,
  insertVerificationRecord,
} from './repository';

/** Per-address limits (per-IP limits sit on the routes). */
export const EMAIL_LIMITS = {
  validateCredentials: { max: 10, windowMs: HOUR_MS / 6 },
  register: { max: 5, windowMs: HOUR_MS },
  resend: { max: 3, windowMs: HOUR_MS },
} as const;

/** Who an activation e-mail goes to. */
export interface ActivationRecipient {
  id: string;
  email: string;
  firstName: string;
  language: string;
}

/** What registration needs of other modules (modules do not import each other; app.ts wires them in). */
export interface RegistrationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  limiter: AttemptLimiter;
  captcha: { verify(payload: unknown): Promise<boolean> };
  reference: {
    getPasswordPolicy(): Promise<TPasswordPolicy>;
    getRegistrationDropdowns(): Promise<TRegistrationDropdowns>;
  };
  settings: { getDowntime(): Promise<{ inDowntime: boolean }> };
  publicUrl: string;
  captchaEnabled: boolean;
}

const tooMany = () => refused(429, 'error.tooManyAttempts');
const emailExists = () =>
  refused(409, 'error.register.failed', [{ errorField: 'email', message: REGISTRATION_MESSAGES.emailExists }]);

/** Registration, the credentials check, activation links and activation. */
export function createRegistrationService(deps: RegistrationDeps) {
  const { db, clock, mailer, limiter } = deps;

  async function rules(): Promise<RegistrationRules> {
    const [policy, dropdowns] = await Promise.all([
      deps.reference.getPasswordPolicy(),
      deps.reference.getRegistrationDropdowns(),
    ]);
    const values = (list: { value: string }[]) => list.map((o) => o.value);
    return {
      policy,
      today: calendarDate(clock.now(), LATEST_TIME_ZONE),
      choices: {
        gender: values(dropdowns.en.gender),
        country: values(dropdowns.en.country),
        language: values(dropdowns.en.language),
        healthSystems: values(dropdowns.en.healthSystems),
      },
    };
  }

  /**
   * Issues a fresh activation link and queues its e-mail (the first one, or a reminder), in the caller's
   * transaction; `linkDays` is the security policy's link lifetime, read before the transaction.
   */
  async function queueActivation(
    tx: Database,
    user: ActivationRecipient,
    at: { now: Date; linkDays: number },
    reminder = false,
  ): Promise<string> {
    const { token, hash, expiresAt } = newOneUseToken(at.now, at.linkDays * DAY_MS);
    await activationLinks.issue(tx, { userId: user.id, tokenHash: hash, expiresAt }, at.now);
    const language = toLanguage(user.language);
    const values = {
      firstName: user.firstName,
      link: emailedLink(deps.publicUrl, '/registration-confirm', token, user.id),
      expiresOn: formatDate(expiresAt),
    };
    return mailer.queue(tx, {
      to: user.email,
      userId: user.id,
      language,
      ...(reminder
        ? {
            template: 'activation-reminder',
            content: activationMail(language, values, 'activationReminder'),
            category: 'reminders',
          }
        : { template: 'activation', content: activationMail(language, values) }),
    });
  }

  const linkDays = async () => (await findSecurityPolicy(db)).registrationTokenExpiryInDays;

  return {
    /** Queues an activation reminder with a fresh link, in the caller's transaction (the reminder job's). */
    queueActivationReminder: (tx: Database, user: ActivationRecipient, at: { now: Date; linkDays: number }) =>
      queueActivation(tx, user, at, true),
    linkDays,

    /** `POST /validateCredentials`: the step-2 check, so the wizard can stop before step 3. */
    async validateCredentials(opened: Record<string, string>): Promise<Outcome> {
      const parsed = accountInformationSchema((await rules()).policy).safeParse(opened);
      if (!parsed.success) return refused(400, 'error.register.checkCredentials', fieldErrors(parsed.error));
      if (!(await limiter.allow(attemptKey('validate', parsed.data.email), EMAIL_LIMITS.validateCredentials))) {
        return tooMany();
      }
      if (await findLiveUserByEmail(db, parsed.data.email)) return emailExists();
      return { ok: true, message: 'registration.credentialsAccepted' };
    },

    /** `POST /register`: a pending account, its activation e-mail and, for a real health system, a verification record. */
    async register(opened: Record<string, string>, context: RequestContext): Promise<Outcome> {
      if ((await deps.settings.getDowntime()).inDowntime) return refused(503, 'error.systemDown');
      const parsed = registrationSchema(await rules()).safeParse(fromOpenedPayload(opened));
      if (!parsed.success) return refused(400, 'error.register.failed', fieldErrors(parsed.error));
      const values = parsed.data;
      if (deps.captchaEnabled && !(await deps.captcha.verify(opened.altcha))) {
        return refused(400, 'error.register.failed', [
          { errorField: 'altcha', message: REGISTRATION_MESSAGES.captcha },
        ]);
      }
      const email = values.email.toLowerCase();
      if (!(await limiter.allow(attemptKey('register', email), EMAIL_LIMITS.register))) return tooMany();
      if (await findLiveUserByEmail(db, email)) return emailExists();

      const now = clock.now();
      const language = values.language as Language;
      const passwordHash = await hashPassword(values.password);
      const days = await linkDays();
      let emailId: string;
      try {
        emailId = await db.transaction(async (tx) => {
          const id = await insertPendingParticipant(
            tx,
            {
              email,
              passwordHash,
              firstName: values.firstName,
              lastName: values.lastName,
              language,
              birthDate: parseUsDate(values.birthDate.trim())!,
              gender: values.gender,
              country: values.country,
              postalCode: values.postalCode,
              healthSystem: values.healthSystem,
            },
            now,
          );
          if (values.healthSystem !== NO_HEALTH_SYSTEM)
            await insertVerificationRecord(tx, id, values.healthSystem, now);
          await recordAudit(tx, {
            at: now,
            action: 'account.registered',
            actorId: id,
            subjectId: id,
            details: { healthSystem: values.healthSystem, language },
            ip: context.ip,
          });
          const recipient = { id, email, firstName: values.firstName, language };
          return queueActivation(tx, recipient, { now, linkDays: days });
        });
      } catch (error) {
        if (isUniqueViolation(error)) return emailExists();
        throw error;
      }
      mailer.deliverNow([emailId]);
      return { ok: true, message: 'registration.registered' };
    },

    /**
     * `GET /resendActivationEmail`: a new link for a participant's account that is not active yet (an invited staff
     * member's link is their invitation's). The answer is the same whether or not such an account exists, so it
     * tells nobody which addresses are registered.
     */
    async resendActivation(query: { email?: string; id?: string }): Promise<Outcome> {
      const subject = query.email?.trim() || query.id?.trim();
      if (!subject) return refused(400, 'error.register.emailInvalid');
      if (!(await limiter.allow(attemptKey('resend', subject), EMAIL_LIMITS.resend))) return tooMany();
      const user = query.email
        ? EMAIL_PATTERN.test(subject)
          ? await findLiveUserByEmail(db, subject)
          : undefined
        : z.uuid().safeParse(subject).success
          ? await findUserById(db, subject)
          : undefined;
      if (user?.status === 'pending' && user.role === 'patient') {
        const at = { now: clock.now(), linkDays: await linkDays() };
        mailer.deliverNow([await db.transaction((tx) => queueActivation(tx, user, at))]);
      }
      return { ok: true, message: 'registration.resent' };
    },

    /** `GET /registrationConfirm`: uses the link once and activates the account. */
    async confirmRegistration(query: { token?: string; id?: string }, context: RequestContext): Promise<Outcome> {
      const expired = refused(400, 'registration.linkExpired');
      if (!query.token || !query.id || !z.uuid().safeParse(query.id).success) return expired;
      const now = clock.now();
      const userId = query.id;
      const tokenHash = hashSecret(query.token);
      const activated = await db.transaction(async (tx) => {
        if (!(await activationLinks.use(tx, { userId, key: tokenHash }, now))) return false;
        if (!(await activatePendingUser(tx, userId, now))) return false;
        await recordAudit(tx, {
          at: now,
          action: 'account.activated',
          actorId: userId,
          subjectId: userId,
          ip: context.ip,
        });
        return true;
      });
      return activated ? { ok: true, message: 'registration.activated' } : expired;
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
