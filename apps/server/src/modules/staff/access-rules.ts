import { isScopedRole } from '@portal/shared/staff/roles';
import { STAFF_MESSAGES as M, type TStaffMember } from '@portal/shared/staff/staff';
import type { Executor } from '../../db/client';
import type { FieldProblem } from '../../lib/outcome';
import { findHealthSystems } from './repository';

/** A role and scope that can be given: the health systems' ids to store, and their values for the audit trail. */
export interface CheckedAccess {
  role: TStaffMember['role'];
  healthSystemIds: string[];
  databaseValues: string[];
}

/**
 * Checks a role and its health systems. A scoped role needs at least one, each of them an existing health system;
 * any other role is limited to none, whatever was sent.
 */
export async function checkRoleAndScope(
  db: Executor,
  access: { role: TStaffMember['role']; healthSystemIds: readonly string[] },
): Promise<{ ok: true; access: CheckedAccess } | { ok: false; problems: FieldProblem[] }> {
  const ids = isScopedRole(access.role) ? [...new Set(access.healthSystemIds)] : [];
  const problem = (message: string) => ({ ok: false as const, problems: [{ errorField: 'healthSystemIds', message }] });
  if (isScopedRole(access.role) && ids.length === 0) return problem(M.healthSystemsRequired);
  const found = await findHealthSystems(db, ids);
  if (found.length !== ids.length) return problem(M.healthSystemUnknown);
  const databaseValues = found.map((system) => system.databaseValue).sort();
  return { ok: true, access: { role: access.role, healthSystemIds: ids, databaseValues } };
}
