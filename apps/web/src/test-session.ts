/** For component tests: a signed-in participant, as the session reads it from local storage. */
export function storeParticipantToken() {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const claims = {
    sub: 'participant-1',
    email: 'maria@example.org',
    name: 'Maria Lopez',
    given_name: 'Maria',
    family_name: 'Lopez',
    isConsentSigned: true,
    language: 'en',
    exp: nowSeconds + 3600,
    iat: nowSeconds,
    azp: 'portal',
    realm_access: { roles: ['patient'] },
  };
  localStorage.setItem(
    'authorize',
    JSON.stringify({ access_token: `${part({ alg: 'RS256' })}.${part(claims)}.signature`, refresh_token: 'refresh' }),
  );
}
