import type { Role } from '@portal/shared/constants';
import type { StaffRole } from '@portal/shared/staff/roles';

/** What a verified access token, and the session and account behind it as they are now, say about its bearer. */
export interface VerifiedAccess {
  userId: string;
  sessionId: string;
  role: Role;
  /** A staff member's role; undefined for a participant. */
  staffRole?: StaffRole;
  /** The health systems (their database values) a scoped staff member is limited to; empty for other roles. */
  healthSystems: readonly string[];
}
