import { TOKEN_STORAGE_KEY, ROLES } from '@portal/shared/constants';
import { ZStoredAuth, ZTokenClaims, type TTokenClaims } from '@portal/shared/auth/token-claims';

export interface StoredSession {
  claims: TTokenClaims;
  isAdmin: boolean;
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

/**
 * The signed-in session from local storage `authorize`, or null when the token is missing, unreadable
 * or expired. The server verifies every call; this only decides which pages and menus to show.
 */
export function readStoredSession(nowMs: number = Date.now()): StoredSession | null {
  const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = ZStoredAuth.parse(JSON.parse(raw));
    const claims = ZTokenClaims.parse(decodeJwtPayload(stored.access_token));
    if (claims.exp * 1000 <= nowMs) return null;
    return { claims, isAdmin: claims.realm_access.roles.includes(ROLES.admin) };
  } catch {
    return null;
  }
}

/** Clears stored login data: tokens in local storage and everything in session storage. */
export function clearLoginData() {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.clear();
}

/** Whether anything is stored under `authorize`, readable or not. */
export function hasStoredLoginData(): boolean {
  return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
}
