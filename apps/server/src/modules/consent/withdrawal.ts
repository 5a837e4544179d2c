import { formatDate } from '@portal/shared/dates';
import { toLanguage } from '@portal/shared/i18n/language';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { refused, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { withdrawnMail } from '../../providers/mail/templates/consent';
import { insertWithdrawal, lockParticipant } from './repository';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface WithdrawalDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** Ends every open session of the user inside the withdrawal's transaction; answers how many. */
  revokeSessions(tx: Transaction, userId: string, now: Date, reason: string): Promise<number>;
}

/**
 * A participant's own withdrawal: a new record with the date and reason, never a deletion; the
 * account is closed (no sign-in, no study e-mail, the address free to register again), every session ends at
 * once, and the signed consent and the answers already given stay as they are. One confirmation e-mail follows.
 */
export function createWithdrawalService({ db, clock, mailer, revokeSessions }: WithdrawalDeps) {
  return {
    async withdraw(userId: string, reason: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      const withdrawn = await db.transaction(async (tx) => {
        const locked = await lockParticipant(tx, userId);
        if (!locked || locked.role !== 'patient' || locked.status === 'withdrawn') return undefined;
        await insertWithdrawal(tx, { userId, withdrawnAt: now, reason, source: 'participant' });
        const sessions = await revokeSessions(tx, userId, now, 'withdrawal');
        await recordAudit(tx, {
          at: now,
          action: 'consent.withdrawn',
          actorId: userId,
          subjectId: userId,
          details: { source: 'participant', consentSigned: locked.consentSignedAt !== null, sessions },
          ip: context.ip,
        });
        const language = toLanguage(locked.language);
        return mailer.queue(tx, {
          to: locked.email,
          userId,
          language,
          template: 'withdrawn',
          content: withdrawnMail(language, { firstName: locked.firstName, date: formatDate(now) }),
          evenIfWithdrawn: true,
        });
      });
      if (!withdrawn) return refused(403, 'error.forbidden');
      mailer.deliverNow([withdrawn]);
      return { ok: true, message: 'consent.withdrawn' };
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
