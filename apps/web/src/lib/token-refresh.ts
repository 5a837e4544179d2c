import { ZRefreshTokenReply } from '@portal/shared/auth/session';
import { ZAccessTokenResponse } from '@portal/shared/auth/login';
import { TOKEN_REFRESH_LEAD_MS } from '@portal/shared/constants';
import { ApiError, apiRequest } from './api-client';
import { readStoredSession, readStoredTokens, saveTokens } from './auth-storage';

export type RefreshResult = 'refreshed' | 'refused' | 'unreachable';

const LOCK_NAME = 'portal-token-refresh';

/** Runs `work` while no other tab of this portal refreshes (Web Locks; one tab alone runs it directly). */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  return (await navigator.locks.request(LOCK_NAME, work)) as T;
}

/**
 * Trades the stored refresh token for a new pair. Tabs take turns, and a tab that finds a fresh token
 * another tab just stored uses it instead of spending the old one again: a refresh token works once,
 * and a second use would end the session everywhere.
 */
export function refreshStoredTokens({ force = false } = {}): Promise<RefreshResult> {
  const knownToken = readStoredTokens()?.refresh_token;
  return exclusively(async () => {
    const stored = readStoredTokens();
    if (!stored) return 'refused';
    const current = readStoredSession();
    const renewedElsewhere = stored.refresh_token !== knownToken;
    const fresh = current !== null && current.expiresAtMs - Date.now() > TOKEN_REFRESH_LEAD_MS;
    if (current && (renewedElsewhere || (fresh && !force))) return 'refreshed';
    try {
      const reply = await apiRequest('/refresh-token', ZRefreshTokenReply, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: stored.refresh_token }),
      });
      saveTokens(ZAccessTokenResponse.parse(reply.data));
      return 'refreshed';
    } catch (error) {
      if (!(error instanceof ApiError)) return 'unreachable';
      const systemDown = (error.data as { errorCode?: string } | undefined)?.errorCode === 'SYSTEM_DOWN';
      const clientError = error.status >= 400 && error.status < 500 && error.status !== 429;
      return systemDown || clientError ? 'refused' : 'unreachable';
    }
  });
}
