import { ZRefreshTokenReply, POST_REFRESH_TOKEN } from '@portal/shared/auth/session';
import { ZAccessTokenResponse } from '@portal/shared/auth/token-pair';
import { TOKEN_REFRESH_LEAD_MS } from '@portal/shared/constants';
import { ApiError, apiRequest } from './api-client';
import { readStoredSession, readStoredTokens, saveTokens, type StoredSession } from './auth-storage';

/** `unreachable` means "try again shortly": no connection, a busy server, or another tab refreshing now. */
type RefreshResult = 'refreshed' | 'refused' | 'unreachable';

/**
 * How long a tab keeps the lock of a refresh token it has spent. Local storage reaches other tabs a moment
 * after it is written, so a tab that woke up together with this one may still see the old token: finding
 * that token's lock held, it waits for the new one instead of spending the old one a second time.
 */
const SPENT_TOKEN_HOLD_MS = 30_000;

const isFresh = (session: StoredSession | null) =>
  session !== null && session.expiresAtMs - Date.now() > TOKEN_REFRESH_LEAD_MS;

/** A lock name per refresh token, from its hash: lock names are readable by any script of the portal. */
async function lockName(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(refreshToken));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `portal-token-refresh:${hex.slice(0, 32)}`;
}

/**
 * When storage no longer holds `refreshToken`, another tab spent it or this tab signed out meanwhile: the
 * session stored now, if any, is the one to keep.
 */
function outcomeIfReplaced(refreshToken: string): RefreshResult | undefined {
  if (readStoredTokens()?.refresh_token === refreshToken) return undefined;
  return readStoredSession() ? 'refreshed' : 'refused';
}

async function spend(refreshToken: string): Promise<RefreshResult> {
  try {
    const reply = await apiRequest(POST_REFRESH_TOKEN.path, ZRefreshTokenReply, {
      method: POST_REFRESH_TOKEN.method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    // Signed out while the reply was on its way (an idle time-out, a logout): the new pair must not sign the
    // tab back in.
    const replaced = outcomeIfReplaced(refreshToken);
    if (replaced) return replaced;
    saveTokens(ZAccessTokenResponse.parse(reply.data));
    return 'refreshed';
  } catch (error) {
    if (!(error instanceof ApiError)) return 'unreachable';
    const systemDown = (error.data as { errorCode?: string } | undefined)?.errorCode === 'SYSTEM_DOWN';
    const clientError = error.status >= 400 && error.status < 500 && error.status !== 429;
    return systemDown || clientError ? 'refused' : 'unreachable';
  }
}

/** This tab's refresh under way, if any: a second caller shares it instead of spending the token again. */
let pending: Promise<RefreshResult> | null = null;

/**
 * Trades the stored refresh token for a new pair. A refresh token works once, and a second use would end
 * the session everywhere, so each token is spent under a lock of its own (Web Locks) that stays held for a
 * while afterwards: a second tab due at the same moment finds it held and takes the new token from storage.
 * Within a tab, a call made while a refresh is under way (the session timer firing while Stay Logged In
 * waits for its reply) shares that refresh.
 */
export function refreshStoredTokens({ force = false } = {}): Promise<RefreshResult> {
  pending ??= refreshOnce(force).finally(() => {
    pending = null;
  });
  return pending;
}

async function refreshOnce(force: boolean): Promise<RefreshResult> {
  const stored = readStoredTokens();
  if (!stored) return 'refused';
  if (!force && isFresh(readStoredSession())) return 'refreshed';
  if (typeof navigator === 'undefined' || !navigator.locks) return spend(stored.refresh_token);

  const name = await lockName(stored.refresh_token);
  return new Promise<RefreshResult>((resolve) => {
    void navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return resolve('unreachable');
      // Another tab may have spent this token while the lock was being asked for: storage holds its successor.
      const replaced = outcomeIfReplaced(stored.refresh_token);
      if (replaced) return resolve(replaced);
      const result = await spend(stored.refresh_token);
      resolve(result);
      if (result === 'refreshed') await new Promise((hold) => setTimeout(hold, SPENT_TOKEN_HOLD_MS));
    });
  });
}
