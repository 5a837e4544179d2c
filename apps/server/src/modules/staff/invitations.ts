import { randomBytes } from 'node:crypto';
import { meetsPasswordPolicy } from '@portal/shared/registration/password-rules';
import { REGISTRATION_MESSAGES } from '@portal/shared/registration/registration-form';
import { toLanguage } from '@portal/shared/i18n/language';
import { STAFF_MESSAGES as M, type TInvitationAccept, type ZStaffInvitation } from '@portal/shared/staff/staff';
import type { z } from 'zod';
import { recordAudit } from '../../db/audit';
import { isUniqueViolation } from '../../db/unique-violation';
import { refused, type DataOutcome, type FieldProblem, type Refusal, type RequestContext } from '../../lib/outcome';
import { hashSecret } from '../../security/one-use-token';
import { hashPassword } from '../../security/password-hash';
import {
  answerWithMember,
  queueInvitation,
  stateOf,
  withStaffChange,
  type Actor,
  type StaffDeps,
  type StaffOutcome,
} from './changes';
import { checkRoleAndScope } from './access-rules';
import { findInvitation, invitationLinks } from './invitation-repository';
import { addressTaken, changeStatus, findStaffMember, insertStaffAccount } from './repository';

const EMAIL_TAKEN: FieldProblem = { errorField: 'email', message: M.emailTaken };
const emailTaken = () => refused(409, M.emailTaken, [EMAIL_TAKEN]);
const invalidLink = () => refused(404, M.invitationInvalid);

/** Invitations: sending, sending again, cancelling, and the invitation page's own two calls. */
export function createInvitations(deps: StaffDeps) {
  const { db, clock } = deps;

  /** The invited account behind a link that can still be used, or undefined. */
  async function openInvitation(token: string) {
    const invitation = await findInvitation(db, hashSecret(token));
    if (!invitation || invitation.expiresAt <= clock.now() || invitation.status !== 'pending') return undefined;
    return invitation;
  }

  return {
    /**
     * `POST /staff/invitation`: the account (pending, with a password nobody knows), its role and health systems,
     * and a one-use link e-mailed in the chosen language, all saved together or not at all.
     */
    async invite(actor: Actor, body: z.output<typeof ZStaffInvitation>): Promise<StaffOutcome> {
      const email = body.email.toLowerCase();
      const [checked, taken] = await Promise.all([checkRoleAndScope(db, body), addressTaken(db, email)]);
      // Every problem at once, each under its field: a taken address alone is a conflict, the rest bad input.
      const problems = [...(taken ? [EMAIL_TAKEN] : []), ...(checked.ok ? [] : checked.problems)];
      if (!checked.ok) return refused(400, problems[0]!.message, problems);
      if (taken) return emailTaken();
      const { access } = checked;
      // A real hash of a secret nobody holds: signing in as an invited person costs what any sign-in does.
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const now = clock.now();
      let created: { userId: string; mailId: string };
      try {
        created = await db.transaction(async (tx) => {
          const account = {
            email,
            firstName: body.firstName,
            lastName: body.lastName,
            language: body.language,
            role: body.role,
          };
          const userId = await insertStaffAccount(
            tx,
            { ...account, passwordHash, healthSystemIds: access.healthSystemIds, invitedBy: actor.userId },
            now,
          );
          await recordAudit(tx, {
            at: now,
            action: 'staff.invited',
            actorId: actor.userId,
            subjectId: userId,
            details: {
              after: { role: body.role, healthSystems: access.databaseValues, status: 'invited' },
              language: body.language,
            },
            ip: actor.ip,
          });
          return { userId, mailId: await queueInvitation(deps, tx, { id: userId, ...account }, now) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return emailTaken();
        throw error;
      }
      deps.mailer.deliverNow([created.mailId]);
      return answerWithMember(db, created.userId, M.invited);
    },

    /** `POST /staff/:id/invitation/resend`: a new link for an invited person; the earlier one stops working. */
    resend: (actor: Actor, memberId: string) =>
      withStaffChange(deps, actor, memberId, async ({ tx, member, now }) => {
        if (member.accountStatus !== 'pending') return refused(409, M.notInvited);
        const mailId = await queueInvitation(deps, tx, member, now);
        await recordAudit(tx, {
          at: now,
          action: 'staff.invitationResent',
          actorId: actor.userId,
          subjectId: member.id,
          ip: actor.ip,
        });
        return { ok: true, message: M.invitationResent, mailIds: [mailId] };
      }),

    /**
     * `DELETE /staff/:id/invitation`: the link stops working and the person is deactivated (kept, never deleted);
     * Reactivate invites them again.
     */
    cancel: (actor: Actor, memberId: string) =>
      withStaffChange(deps, actor, memberId, async ({ tx, member, now }) => {
        if (member.accountStatus !== 'pending') return refused(409, M.notInvited);
        await invitationLinks.end(tx, { userId: member.id }, now);
        await changeStatus(tx, member.id, { from: 'pending', to: 'deactivated' }, now);
        await recordAudit(tx, {
          at: now,
          action: 'staff.invitationCancelled',
          actorId: actor.userId,
          subjectId: member.id,
          details: { before: stateOf(member), after: { ...stateOf(member), status: 'deactivated' } },
          ip: actor.ip,
        });
        return { ok: true, message: M.invitationCancelled };
      }),

    /** `POST /staff-invitation/verify`: who a usable link invites, without using it. */
    async verify(token: string): Promise<DataOutcome<{ email: string; firstName: string; language: 'en' | 'sp' }>> {
      const invitation = await openInvitation(token);
      if (!invitation) return invalidLink();
      const { email, firstName, language } = invitation;
      return { ok: true, data: { email, firstName, language: toLanguage(language) } };
    },

    /**
     * `POST /staff-invitation/accept`: uses the link once, with a password under the security policy, and opens
     * the account. Unknown, expired, used and cancelled links get the same refusal.
     */
    async accept(
      body: TInvitationAccept,
      context: RequestContext,
    ): Promise<Refusal | { ok: true; message: string; enrolment: { token: string; expiresAt: Date } }> {
      const invitation = await openInvitation(body.token);
      if (!invitation) return invalidLink();
      if (!meetsPasswordPolicy(await deps.getPasswordPolicy(), body.password)) {
        const message = REGISTRATION_MESSAGES.passwordPolicy;
        return refused(400, message, [{ errorField: 'password', message }]);
      }
      const passwordHash = await hashPassword(body.password);
      const now = clock.now();
      const userId = invitation.userId;
      const accepted = await db.transaction(async (tx) => {
        // The account's row first, then its links, in the order every other change of a staff member takes them,
        // so an acceptance and a resend, cancellation or deactivation at the same moment wait for each other.
        const member = await findStaffMember(tx, userId, { lock: true });
        if (member?.accountStatus !== 'pending') return false;
        if (!(await invitationLinks.use(tx, { userId, key: hashSecret(body.token) }, now))) return false;
        await changeStatus(tx, userId, { from: 'pending', to: 'active' }, now, { passwordHash, activatedAt: now });
        await recordAudit(tx, {
          at: now,
          action: 'staff.invitationAccepted',
          actorId: userId,
          subjectId: userId,
          details: { before: { status: 'invited' }, after: { status: 'active' } },
          ip: context.ip,
        });
        return true;
      });
      if (!accepted) return invalidLink();
      // The password is set: the member goes straight on to enrol their second factor, in this browser.
      return { ok: true, message: M.accepted, enrolment: await deps.openEnrolment(userId) };
    },
  };
}
