import { afterEach, describe, expect, it } from 'vitest';
import { clearAllStoredData, clearLoginData, hasStoredLoginData, readStoredSession, saveTokens } from './auth-storage';

const NOW_MS = Date.parse('2026-11-22T12:00:00Z');
const nowSeconds = NOW_MS / 1000;

function token(claims: object): string {
  // Like a real JWT: UTF-8 bytes of the JSON, base64url-encoded.
  const part = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

function claims(overrides: object = {}) {
  return {
    sub: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
    email: 'maria@example.org',
    name: 'María Núñez',
    given_name: 'María',
    family_name: 'Núñez',
    isConsentSigned: false,
    language: 'sp',
    exp: nowSeconds + 300,
    iat: nowSeconds,
    azp: 'portal',
    realm_access: { roles: ['patient'] },
    ...overrides,
  };
}

function store(value: unknown) {
  localStorage.setItem('authorize', typeof value === 'string' ? value : JSON.stringify(value));
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('readStoredSession', () => {
  it('reads a valid token, including non-ASCII names', () => {
    store({ access_token: token(claims()), refresh_token: 'r' });
    const session = readStoredSession(NOW_MS);
    expect(session?.claims.name).toBe('María Núñez');
    expect(session?.isAdmin).toBe(false);
  });

  it('recognises administrators by the realm role', () => {
    store({ access_token: token(claims({ realm_access: { roles: ['admin'] } })), refresh_token: 'r' });
    expect(readStoredSession(NOW_MS)?.isAdmin).toBe(true);
  });

  it.each([
    ['nothing stored', undefined],
    ['not JSON', '{oops'],
    ['no refresh token', { access_token: token(claims()) }],
    ['not a JWT', { access_token: 'abc', refresh_token: 'r' }],
    ['claims missing', { access_token: token({ sub: 'x' }), refresh_token: 'r' }],
    ['expired', { access_token: token(claims({ exp: nowSeconds })), refresh_token: 'r' }],
    ['unknown language', { access_token: token(claims({ language: 'fr' })), refresh_token: 'r' }],
  ])('gives no session when %s', (_case, value) => {
    if (value !== undefined) store(value);
    expect(readStoredSession(NOW_MS)).toBeNull();
  });
});

describe('clearLoginData', () => {
  it('removes the tokens and session storage but leaves other local data', () => {
    store({ access_token: 'a', refresh_token: 'b' });
    localStorage.setItem('other', 'kept');
    sessionStorage.setItem('wizard', 'x');
    expect(hasStoredLoginData()).toBe(true);
    clearLoginData();
    expect(hasStoredLoginData()).toBe(false);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('other')).toBe('kept');
  });
});

describe('saveTokens', () => {
  it('counts the expiry from this device’s clock, so a wrong clock neither ends nor stretches the session', () => {
    // The token says it expired long ago by this device's clock (the server's clock is hours ahead)...
    const skewed = token(claims({ iat: nowSeconds + 7200, exp: nowSeconds + 7500 }));
    saveTokens({ access_token: skewed, refresh_token: 'r', expires_in: 300, token_type: 'Bearer' }, NOW_MS);
    // ...yet it lives its five minutes here, and no longer.
    expect(readStoredSession(NOW_MS + 299_000)?.expiresAtMs).toBe(NOW_MS + 300_000);
    expect(readStoredSession(NOW_MS + 300_000)).toBeNull();
  });
});

describe('clearAllStoredData', () => {
  it('clears local and session storage and cookies, but keeps the preferred language', () => {
    store({ access_token: 'a', refresh_token: 'b' });
    localStorage.setItem('other', 'gone');
    sessionStorage.setItem('wizard', 'x');
    document.cookie = 'preferredLanguage=sp; Path=/';
    document.cookie = 'tracking=1; Path=/';
    clearAllStoredData();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('preferredLanguage=sp');
  });
});
