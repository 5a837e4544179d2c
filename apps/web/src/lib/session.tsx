import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TAccessTokenResponse } from '@portal/shared/auth/login';
import { ZLogoutReply, POST_LOGOUT } from '@portal/shared/auth/session';
import { TOKEN_REFRESH_LEAD_MS, TOKEN_STORAGE_KEY } from '@portal/shared/constants';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import {
  clearAllStoredData,
  clearLoginData,
  hasStoredLoginData,
  readStoredSession,
  readStoredTokens,
  saveTokens,
  type StoredSession,
} from './auth-storage';
import { refreshStoredTokens } from './token-refresh';

/** Why a session ended without the user asking: idle ends on the login page with the timed-out notice. */
type SessionEnd = 'expired' | 'idle';

interface SessionValue {
  session: StoredSession | null;
  /** Re-reads local storage, clearing stored login data that is unreadable or expired. */
  refresh(): StoredSession | null;
  /** Stores the tokens of a sign-in and makes the session current. */
  signIn(tokens: TAccessTokenResponse): StoredSession | null;
  /** Logout: ends the session on the server, clears stored login data and loads `redirectTo` afresh. */
  signOut(redirectTo?: string): Promise<void>;
  /** A sign-out the user did not ask for: everything stored is cleared and the login page loads. */
  endSession(reason: SessionEnd): void;
  /** Stay Logged In: a new access token now, whatever the old one's age. */
  extend(): Promise<boolean>;
}

const SessionContext = createContext<SessionValue | null>(null);
const RETRY_MS = 1000;

function currentSession(): StoredSession | null {
  const session = readStoredSession();
  if (!session && hasStoredLoginData()) clearLoginData();
  return session;
}

/** Asks the server to end every session of the user; the browser forgets the tokens whatever it answers. */
async function logoutOnServer() {
  const tokens = readStoredTokens();
  if (!tokens) return;
  await apiRequest(POST_LOGOUT.path, ZLogoutReply, {
    method: POST_LOGOUT.method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.access_token}` },
    body: JSON.stringify({ refresh_token: tokens.refresh_token }),
  }).catch(() => undefined);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(currentSession);
  const [retries, setRetries] = useState(0);

  const refresh = useCallback(() => {
    const next = currentSession();
    setSession(next);
    return next;
  }, []);

  const signIn = useCallback(
    (tokens: TAccessTokenResponse) => {
      saveTokens(tokens);
      return refresh();
    },
    [refresh],
  );

  const signOut = useCallback(async (redirectTo = '/') => {
    await logoutOnServer();
    clearLoginData();
    window.location.assign(redirectTo);
  }, []);

  // The first reason a session ended is the one the login page tells: a refresh refused a moment after an
  // idle time-out does not turn it into an expiry.
  const ending = useRef(false);
  const endSession = useCallback((reason: SessionEnd) => {
    if (ending.current) return;
    ending.current = true;
    if (reason === 'idle') void logoutOnServer();
    clearAllStoredData();
    window.location.assign(reason === 'idle' ? '/login-patient?rsn=iact' : '/login-patient');
  }, []);

  const extend = useCallback(async () => {
    const result = await refreshStoredTokens({ force: true });
    if (result === 'refused') endSession('expired');
    refresh();
    return result === 'refreshed';
  }, [endSession, refresh]);

  useEffect(() => {
    setUnauthorizedHandler(() => endSession('expired'));
  }, [endSession]);

  useEffect(() => {
    // Another tab signing in, out, or refreshing changes what this tab may show and when it refreshes.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_STORAGE_KEY) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  useEffect(() => {
    // About a minute before the access token expires, or every second in its last minute.
    if (!session) return;
    const remaining = session.expiresAtMs - Date.now();
    const delay = retries > 0 ? RETRY_MS : Math.max(remaining - TOKEN_REFRESH_LEAD_MS, 0);
    const timer = window.setTimeout(() => {
      if (session.expiresAtMs <= Date.now()) return endSession('expired');
      void refreshStoredTokens().then((result) => {
        if (result === 'refused') return endSession('expired');
        if (result === 'unreachable') return setRetries((n) => n + 1);
        setRetries(0);
        refresh();
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [session, retries, refresh, endSession]);

  const value = useMemo(
    () => ({ session, refresh, signIn, signOut, endSession, extend }),
    [session, refresh, signIn, signOut, endSession, extend],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
