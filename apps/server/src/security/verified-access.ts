import type { Role } from '@portal/shared/constants';

/** What a verified access token says about its bearer. */
export interface VerifiedAccess {
  userId: string;
  sessionId: string;
  role: Role;
}
