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

export interface StudyWithdrawalDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** Ends every open session of the user inside the withdrawal's transaction; answers how many. */
  revokeSessions(tx: Transaction, userId: string, now: Date, reason: string): Promise<number>;
}

/** A withdrawal to carry out: the participant's own, or one an administrator recorded on their request. */
export type WithdrawalOrder =
  | { userId: string; reason: string; source: 'participant'; ip?: string }
  | { userId: string; reason: string; source: 'manual'; requestedBy: string; ip?: string };

/** What carrying out a withdrawal came to: the confirmation e-mail queued, or why nothing changed. */
export type WithdrawalResult =
  { done: true; mailId: string } | { done: false; why: 'notParticipant' | 'alreadyWithdrawn' };

/**
 * A withdrawal from the study: a new record with the date and reason, never a deletion; the account is closed
 * (no sign-in, no study e-mail, the address free to register again), every session ends at once, and the signed
 * consent and the answers already given stay as they are. One confirmation e-mail follows.
 */
export function createStudyWithdrawalService({ db, clock, mailer, revokeSessions }: StudyWithdrawalDeps) {
  /** The one core of every withdrawal, inside the caller's transaction; the caller delivers the e-mail after commit. */
  async function withdrawWithin(tx: Transaction, order: WithdrawalOrder, now: Date): Promise<WithdrawalResult> {
    const locked = await lockParticipant(tx, order.userId);
    if (!locked || locked.role !== 'patient') return { done: false, why: 'notParticipant' };
    if (locked.status === 'withdrawn') return { done: false, why: 'alreadyWithdrawn' };
    const requestedBy = order.source === 'manual' ? order.requestedBy : null;
    await insertWithdrawal(tx, {
      userId: order.userId,
      withdrawnAt: now,
      reason: order.reason,
      source: order.source,
      requestedBy,
    });
    const sessions = await revokeSessions(tx, order.userId, now, 'withdrawal');
    await recordAudit(tx, {
      at: now,
      action: 'consent.withdrawn',
      actorId: requestedBy ?? order.userId,
      subjectId: order.userId,
      details: { source: order.source, consentSigned: locked.consentSignedAt !== null, sessions },
      ip: order.ip,
    });
    const language = toLanguage(locked.language);
    const mailId = await mailer.queue(tx, {
      to: locked.email,
      userId: order.userId,
      language,
      template: 'withdrawn',
      content: withdrawnMail(language, { firstName: locked.firstName, date: formatDate(now) }),
      evenIfWithdrawn: true,
    });
    return { done: true, mailId };
  }

  return {
    withdrawWithin,
    /** A participant's own withdrawal from the portal. */
    async withdraw(userId: string, reason: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      const result = await db.transaction((tx) =>
        withdrawWithin(tx, { userId, reason, source: 'participant', ip: context.ip }, now),
      );
      if (!result.done) return refused(403, 'error.forbidden');
      mailer.deliverNow([result.mailId]);
      return { ok: true, message: 'consent.withdrawn' };
    },
  };
}
export type StudyWithdrawalService = ReturnType<typeof createStudyWithdrawalService>;
