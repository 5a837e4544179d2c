import { can, type Permission, type StaffRole } from '@portal/shared/staff/roles';
import { useSession } from './session';

/** The signed-in staff member's role, or undefined for anyone else. */
export function useStaffRole(): StaffRole | undefined {
  return useSession().session?.staffRole;
}

/**
 * Whether the signed-in staff member's role has a permission: the web app shows a tab, a button or an action only
 * when it does. The server checks the same permission on every call; this only keeps the page to what will work.
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useStaffRole();
  return (permission) => can(role, permission);
}
