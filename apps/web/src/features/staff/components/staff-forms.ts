import type { z } from 'zod';
import { isScopedRole } from '@portal/shared/staff/roles';
import { STAFF_MESSAGES, ZStaffAccess, ZStaffInvitation, ZStaffUpdate } from '@portal/shared/staff/staff';

type Access = z.output<typeof ZStaffAccess>;

/** A role limited to health systems needs at least one. */
const hasScope = (access: Access) => !isScopedRole(access.role) || access.healthSystemIds.length > 0;
const scopeIssue = {
  path: ['healthSystemIds'],
  message: STAFF_MESSAGES.healthSystemsRequired,
  // Checked beside the other fields' messages, as soon as the role and the ids themselves are readable.
  when: (payload: { value: unknown }) => ZStaffAccess.safeParse(payload.value).success,
};

/** The Invite form: the server's own rules, and the health systems a scoped role needs. */
export const ZInviteForm = ZStaffInvitation.refine(hasScope, scopeIssue);

/** The Change role form. */
export const ZChangeRoleForm = ZStaffUpdate.refine(hasScope, scopeIssue);

/** What is sent: a role not limited to health systems goes with none, whatever was ticked before. */
export const withScope = <V extends Access>(values: V): V =>
  isScopedRole(values.role) ? values : { ...values, healthSystemIds: [] };
