import {
  USER_ID_PATTERN,
  VERIFICATION_MESSAGES,
  type TVerificationFilter,
} from '@portal/shared/health-system-verification/verification-records';

/** What the search panel holds: the User ID box as typed, and the health system chosen ('' for none chosen). */
export interface SearchInput {
  userId: string;
  healthSystem: string;
}

export type SearchCheck = { filter: TVerificationFilter } | { error: string };

/**
 * The search's filter, or why there is none (a catalog key). An ID, if given, must be a UUID (upper case is read
 * as lower case); a search needs a valid ID or a health system (`none` meaning all of them).
 */
export function searchFilter({ userId, healthSystem }: SearchInput): SearchCheck {
  const id = userId.trim();
  const idValid = USER_ID_PATTERN.test(id);
  if (id !== '' && !idValid) {
    return { error: healthSystem ? VERIFICATION_MESSAGES.userIdInvalid : VERIFICATION_MESSAGES.searchNeeded };
  }
  if (!idValid && !healthSystem) return { error: VERIFICATION_MESSAGES.searchNeeded };
  return {
    filter: { userIds: idValid ? [id.toLowerCase()] : [], ...(healthSystem ? { healthSystem } : {}) },
  };
}
