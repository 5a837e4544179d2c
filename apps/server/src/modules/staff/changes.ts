import { DAY_MS } from '@portal/shared/durations';
import { toLanguage } from '@portal/shared/i18n/language';
import {
  STAFF_INVITATION_DAYS,
  STAFF_MESSAGES as M,
  type StaffStatus,
  type TStaffMember,
} from '@portal/shared/staff/staff';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import type { Database, Executor, Transaction } from '../../db/client';
import { refused, type Refusal, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { staffInvitationMail } from '../../providers/mail/templates/staff-invitation';
import { newOneUseToken } from '../../security/one-use-token';
import { invitationLinks } from './invitation-repository';
import { findStaffMember, lockActiveStudyAdmins, type StaffMemberRow } from './repository';

/** What staff accounts need of other modules (wired in app-services.ts; modules do not import each other). */
export interface StaffDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The origin of links in e-mails. */
  publicUrl: string;
  getPasswordPolicy(): Promise<TPasswordPolicy>;
  /** Ends every open session of a user inside the caller's transaction (auth); answers how many. */
  revokeSessions(tx: Executor, userId: string, now: Date, reason: string): Promise<number>;
  /** Removes every second factor and recovery code of a member in the caller's transaction; answers how many factors. */
  removeFactors(tx: Executor, userId: string, now: Date): Promise<number>;
  /** A login attempt that waits for the member's enrolment of a second factor (its secret goes in a cookie). */
  openEnrolment(userId: string): Promise<{ token: string; expiresAt: Date }>;
}

/** The staff member making a change, and where the call came from. */
export interface Actor extends RequestContext {
  userId: string;
}

/** A change's answer: the member as it left them, with its message key; or a refusal. */
export type StaffOutcome = { ok: true; message: string; data: TStaffMember } | Refusal;

const STATUS: Record<string, StaffStatus> = { pending: 'invited', active: 'active', deactivated: 'deactivated' };
export const statusOf = (row: Pick<StaffMemberRow, 'accountStatus'>): StaffStatus =>
  STATUS[row.accountStatus] ?? 'deactivated';

/** A member as the table shows them. */
export function toStaffMember(row: StaffMemberRow): TStaffMember {
  const status = statusOf(row);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    healthSystems: row.healthSystems.map(({ id, name }) => ({ id, name })),
    status,
    language: toLanguage(row.language),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    invitationExpiresAt: status === 'invited' ? (row.invitationExpiresAt?.toISOString() ?? null) : null,
  };
}

/** What the audit trail keeps of a member before and after a change: no personal data, health systems by value. */
export interface StaffState {
  role: string;
  healthSystems: string[];
  status: StaffStatus;
}
export const stateOf = (row: StaffMemberRow): StaffState => ({
  role: row.role,
  healthSystems: row.healthSystems.map((system) => system.databaseValue).sort(),
  status: statusOf(row),
});

/** What a change inside `withStaffChange` saw: the locked member and the active study administrators. */
export interface ChangeScene {
  tx: Transaction;
  member: StaffMemberRow;
  activeAdmins: string[];
  now: Date;
}

/** What a change decided: a refusal (nothing saved), or done, with the e-mails to deliver once committed. */
export type ChangeResult = Refusal | { ok: true; message: string; mailIds?: string[] };

/** A refusal thrown out of a transaction so that it rolls back. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * Runs a change of one staff member in a transaction that first locks the active study administrators (see
 * `lockActiveStudyAdmins`), then the member. The one making the change must still be one of those administrators
 * once the locks are held: one deactivated or demoted while their request waited changes nothing. A refusal rolls
 * back whatever was written; e-mails queued inside leave once the change is committed.
 */
export async function withStaffChange(
  deps: StaffDeps,
  actor: { userId: string },
  memberId: string,
  change: (scene: ChangeScene) => Promise<ChangeResult>,
): Promise<StaffOutcome> {
  const now = deps.clock.now();
  const result = await deps.db
    .transaction(async (tx) => {
      const activeAdmins = await lockActiveStudyAdmins(tx);
      if (!activeAdmins.includes(actor.userId)) throw new Refused(refused(403, 'error.forbidden'));
      const member = await findStaffMember(tx, memberId, { lock: true });
      if (!member) throw new Refused(refused(404, M.notFound));
      const outcome = await change({ tx, member, activeAdmins, now });
      if (!outcome.ok) throw new Refused(outcome);
      return outcome;
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.refusal;
      throw error;
    });
  if (!result.ok) return result;
  if (result.mailIds?.length) deps.mailer.deliverNow(result.mailIds);
  return answerWithMember(deps.db, memberId, result.message);
}

/** The member as they are now, with the message of what was done to them. */
export async function answerWithMember(db: Executor, memberId: string, message: string): Promise<StaffOutcome> {
  const member = await findStaffMember(db, memberId);
  if (!member) return refused(404, M.notFound);
  return { ok: true, message, data: toStaffMember(member) };
}

/**
 * Issues a new invitation link (earlier ones of the member end) and queues its e-mail in the member's language,
 * in the caller's transaction. The token goes in the page address's fragment, which browsers never send to a
 * server, so it reaches no access log.
 */
export async function queueInvitation(
  deps: StaffDeps,
  tx: Executor,
  member: { id: string; email: string; firstName: string; language: string; role: TStaffMember['role'] },
  now: Date,
): Promise<string> {
  const { token, hash, expiresAt } = newOneUseToken(now, STAFF_INVITATION_DAYS * DAY_MS);
  await invitationLinks.issue(tx, { userId: member.id, tokenHash: hash, expiresAt }, now);
  const language = toLanguage(member.language);
  const link = `${new URL('/accept-invitation', deps.publicUrl).toString()}#token=${token}`;
  return deps.mailer.queue(tx, {
    to: member.email,
    userId: member.id,
    language,
    template: 'staff-invitation',
    priority: 'security',
    content: staffInvitationMail(language, {
      firstName: member.firstName,
      role: member.role,
      link,
      days: STAFF_INVITATION_DAYS,
    }),
  });
}
