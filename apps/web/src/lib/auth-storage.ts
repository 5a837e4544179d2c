import { LANGUAGE_COOKIE, TOKEN_STORAGE_KEY, ROLES } from '@portal/shared/constants';
import type { TAccessTokenResponse } from '@portal/shared/auth/login';
import { ZStoredAuth, ZTokenClaims, type TStoredAuth, type TTokenClaims } from '@portal/shared/auth/token-claims';
import { isStaffRole, type StaffRole } from '@portal/shared/staff/roles';

export interface StoredSession {
  claims: TTokenClaims;
  isAdmin: boolean;
  /** A staff member's role, from the token's realm roles; undefined for a participant. */
  staffRole: StaffRole | undefined;
  /** When the access token expires, on this device's clock (see `saveTokens`). */
  expiresAtMs: number;
  refreshToken: string;
}

function decodeJwtPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  const base64 = payload
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The tokens under `authorize`, or undefined when missing or unreadable. */
export function readStoredTokens(): TStoredAuth | undefined {
  const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    return ZStoredAuth.parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * The signed-in session from local storage `authorize`, or null when the token is missing, unreadable
 * or expired. The server verifies every call; this only decides which pages and menus to show.
 */
export function readStoredSession(nowMs: number = Date.now()): StoredSession | null {
  const stored = readStoredTokens();
  if (!stored) return null;
  try {
    const claims = ZTokenClaims.parse(decodeJwtPayload(stored.access_token));
    const expiresAtMs = stored.expires_at ?? claims.exp * 1000;
    if (expiresAtMs <= nowMs) return null;
    return {
      claims,
      isAdmin: claims.realm_access.roles.includes(ROLES.admin),
      staffRole: claims.realm_access.roles.find(isStaffRole),
      expiresAtMs,
      refreshToken: stored.refresh_token,
    };
  } catch {
    return null;
  }
}

/**
 * Stores a new token pair. The expiry is counted from this device's clock (`expires_in`), not from the
 * token's `exp`, so a computer whose clock is wrong neither signs out at once nor stays signed in too long.
 */
export function saveTokens(tokens: TAccessTokenResponse, nowMs: number = Date.now()) {
  const stored: TStoredAuth = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: nowMs + tokens.expires_in * 1000,
  };
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(stored));
}

/** Clears stored login data: tokens in local storage and everything in session storage. */
export function clearLoginData() {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.clear();
}

/**
 * The clean sign-out of a failed refresh or a refused token: all local and session
 * storage and every cookie the page can reach, except the preferred language, so the login page that
 * follows still speaks the participant's language.
 */
export function clearAllStoredData() {
  localStorage.clear();
  sessionStorage.clear();
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name && name !== LANGUAGE_COOKIE) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

/** Whether anything is stored under `authorize`, readable or not. */
export function hasStoredLoginData(): boolean {
  return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
}
