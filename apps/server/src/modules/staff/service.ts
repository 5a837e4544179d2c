import type { Page } from '@portal/shared/api/paging';
import { STUDY_ADMIN } from '@portal/shared/staff/roles';
import {
  STAFF_MESSAGES as M,
  type TStaffMember,
  type TStaffQuery,
  type ZStaffUpdate,
} from '@portal/shared/staff/staff';
import type { z } from 'zod';
import { toLanguage } from '@portal/shared/i18n/language';
import { SECOND_FACTOR_MESSAGES } from '@portal/shared/staff/second-factor';
import { recordAudit } from '../../db/audit';
import { staffFactorsResetMail } from '../../providers/mail/templates/staff-factors-reset';
import { refused } from '../../lib/outcome';
import { checkRoleAndScope } from './access-rules';
import {
  queueInvitation,
  stateOf,
  toStaffMember,
  withStaffChange,
  type Actor,
  type ChangeScene,
  type StaffDeps,
  type StaffOutcome,
} from './changes';
import { createInvitations } from './invitations';
import { invitationLinks } from './invitation-repository';
import { changeStatus, listStaffMembers, setHealthSystems, setRole } from './repository';

export type { StaffDeps } from './changes';

/** Whether a change would leave no active study administrator: the member is the only one, and stops being one. */
const isLastAdministrator = ({ member, activeAdmins }: ChangeScene) =>
  activeAdmins.length === 1 && activeAdmins[0] === member.id;

/**
 * The Staff tab: study staff accounts, each with one role and, for a scoped role, the health systems it is limited
 * to. People are never deleted: an account ends by deactivation, and can be reactivated. Every change is audited
 * with who made it, about whom, and the role, health systems and status before and after.
 */
export function createStaffService(deps: StaffDeps) {
  const { db } = deps;

  return {
    ...createInvitations(deps),

    /** `GET /staff`: one page of staff members, searched by name or e-mail and sorted. */
    async list(query: TStaffQuery): Promise<Page<TStaffMember>> {
      const { rows, total } = await listStaffMembers(db, query);
      return { content: rows.map(toStaffMember), totalElements: total, page: query.page, size: query.size };
    },

    /**
     * `PUT /staff/:id`: a new role and scope, in force from the member's next call (every call reads them with the
     * session). Nobody changes their own role, and the last active study administrator stays one.
     */
    async update(actor: Actor, memberId: string, body: z.output<typeof ZStaffUpdate>): Promise<StaffOutcome> {
      const checked = await checkRoleAndScope(db, body);
      if (!checked.ok) return refused(400, checked.problems[0]!.message, checked.problems);
      const { access } = checked;
      return withStaffChange(deps, actor, memberId, async (scene) => {
        const { tx, member, now } = scene;
        const before = stateOf(member);
        if (access.role !== STUDY_ADMIN && isLastAdministrator(scene)) return refused(409, M.lastAdministrator);
        if (access.role !== member.role && member.id === actor.userId) return refused(403, M.ownRole);
        const after = { ...before, role: access.role, healthSystems: access.databaseValues };
        if (JSON.stringify(after) === JSON.stringify(before)) return { ok: true, message: M.updated };
        if (access.role !== member.role) await setRole(tx, member.id, access.role, now);
        if (JSON.stringify(after.healthSystems) !== JSON.stringify(before.healthSystems))
          await setHealthSystems(tx, member.id, access.healthSystemIds);
        await recordAudit(tx, {
          at: now,
          action: 'staff.updated',
          actorId: actor.userId,
          subjectId: member.id,
          details: { before, after },
          ip: actor.ip,
        });
        return { ok: true, message: M.updated };
      });
    },

    /**
     * `POST /staff/:id/deactivate`: the account can no longer sign in, and every session of it ends in the same
     * transaction, on every server process at its next call. An open invitation stops working too.
     */
    deactivate: (actor: Actor, memberId: string) =>
      withStaffChange(deps, actor, memberId, async (scene) => {
        const { tx, member, now } = scene;
        if (isLastAdministrator(scene)) return refused(409, M.lastAdministrator);
        if (member.id === actor.userId) return refused(403, M.ownAccount);
        if (member.accountStatus === 'deactivated') return refused(409, M.alreadyDeactivated);
        await invitationLinks.end(tx, { userId: member.id }, now);
        await changeStatus(tx, member.id, { from: member.accountStatus, to: 'deactivated' }, now);
        const sessionsEnded = await deps.revokeSessions(tx, member.id, now, 'staffDeactivated');
        await recordAudit(tx, {
          at: now,
          action: 'staff.deactivated',
          actorId: actor.userId,
          subjectId: member.id,
          details: { before: stateOf(member), after: { ...stateOf(member), status: 'deactivated' }, sessionsEnded },
          ip: actor.ip,
        });
        return { ok: true, message: M.deactivated };
      }),

    /**
     * `POST /staff/:id/reactivate`: someone who had accepted their invitation is active again, with their own
     * password; someone who never did is invited again, with a fresh link.
     */
    reactivate: (actor: Actor, memberId: string) =>
      withStaffChange(deps, actor, memberId, async ({ tx, member, now }) => {
        if (member.accountStatus !== 'deactivated') return refused(409, M.notDeactivated);
        const accepted = member.activatedAt !== null;
        await changeStatus(tx, member.id, { from: 'deactivated', to: accepted ? 'active' : 'pending' }, now);
        const mailIds = accepted ? [] : [await queueInvitation(deps, tx, member, now)];
        await recordAudit(tx, {
          at: now,
          action: 'staff.reactivated',
          actorId: actor.userId,
          subjectId: member.id,
          details: { before: stateOf(member), after: { ...stateOf(member), status: accepted ? 'active' : 'invited' } },
          ip: actor.ip,
        });
        return { ok: true, message: M.reactivated, mailIds };
      }),

    /**
     * `POST /staff/:id/factors/reset`: every second factor and recovery code of the member goes, and every session
     * of theirs ends; they enrol a factor again at their next sign-in, and are told by e-mail.
     */
    resetFactors: (actor: Actor, memberId: string) =>
      withStaffChange(deps, actor, memberId, async ({ tx, member, now }) => {
        if (member.id === actor.userId) return refused(403, SECOND_FACTOR_MESSAGES.ownFactors);
        if (member.accountStatus === 'pending') return refused(409, SECOND_FACTOR_MESSAGES.nothingToReset);
        const factorsRemoved = await deps.removeFactors(tx, member.id, now);
        const sessionsEnded = await deps.revokeSessions(tx, member.id, now, 'factorsReset');
        await recordAudit(tx, {
          at: now,
          action: 'secondFactor.reset',
          actorId: actor.userId,
          subjectId: member.id,
          details: { factorsRemoved, sessionsEnded },
          ip: actor.ip,
        });
        const language = toLanguage(member.language);
        const mailId = await deps.mailer.queue(tx, {
          to: member.email,
          userId: member.id,
          language,
          template: 'staff-factors-reset',
          priority: 'security',
          content: staffFactorsResetMail(language, {
            firstName: member.firstName,
            link: new URL('/login-patient', deps.publicUrl).toString(),
          }),
        });
        return { ok: true, message: SECOND_FACTOR_MESSAGES.factorsReset, mailIds: [mailId] };
      }),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
