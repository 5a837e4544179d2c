import { ROLES } from '@portal/shared/constants';
import type { StaffRole } from '@portal/shared/staff/roles';

/** Stores a signed-in user's tokens in local storage, as the session reads them, for an hour from now. */
function storeToken(person: { sub: string; email: string; given_name: string; family_name: string }, roles: string[]) {
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
  localStorage.setItem(
    'authorize',
    JSON.stringify({ access_token: `${part({ alg: 'RS256' })}.${part(claims)}.signature`, refresh_token: 'refresh' }),
  );
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
  storeToken(
    { sub: 'staff-1', email: 'ana@study.example.org', given_name: 'Ana', family_name: 'Reyes' },
    role ? [ROLES.admin, role] : [ROLES.admin],
  );
}
