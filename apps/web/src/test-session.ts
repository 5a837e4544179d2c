import { ROLES } from '@portal/shared/constants';
import type { TAccessTokenResponse } from '@portal/shared/auth/login';
import type { StaffRole } from '@portal/shared/staff/roles';

type Person = { sub: string; email: string; given_name: string; family_name: string };
const STAFF_MEMBER: Person = {
  sub: 'staff-1',
  email: 'ana@study.example.org',
  given_name: 'Ana',
  family_name: 'Reyes',
};

/** An access token as the session reads it (its signature is not checked), valid for an hour from now. */
function accessToken(person: Person, roles: string[]) {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const claims = {
    ...person,
    name: `${person.given_name} ${person.family_name}`,
    isConsentSigned: true,
    language: 'en',
    exp: nowSeconds + 3600,
    iat: nowSeconds,
    azp: 'portal',
    realm_access: { roles },
  };
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** Stores a signed-in user's tokens in local storage, as the session reads them, for an hour from now. */
function storeToken(person: Person, roles: string[]) {
  localStorage.setItem(
    'authorize',
    JSON.stringify({ access_token: accessToken(person, roles), refresh_token: 'refresh' }),
  );
}

/** For sign-in tests: the token pair a staff member's sign-in answers (a study administrator). */
export function staffTokenResponse(): TAccessTokenResponse {
  const roles = [ROLES.admin, 'studyAdmin'];
  return {
    access_token: accessToken(STAFF_MEMBER, roles),
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'Bearer',
  };
}

/** For component tests: a signed-in participant, as the session reads it from local storage. */
export function storeParticipantToken() {
  storeToken({ sub: 'participant-1', email: 'maria@example.org', given_name: 'Maria', family_name: 'Lopez' }, [
    ROLES.patient,
  ]);
}

/**
 * For component tests: a signed-in staff member of a role (realm roles `admin` and the role). `null` stands for an
 * administrator's token that names no staff role, which may do nothing.
 */
export function storeStaffToken(role: StaffRole | null) {
  storeToken(STAFF_MEMBER, role ? [ROLES.admin, role] : [ROLES.admin]);
}
