import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TOKEN_STORAGE_KEY } from '@portal/shared/constants';
import { clearLoginData, hasStoredLoginData, readStoredSession, type StoredSession } from '../lib/auth-storage';

interface SessionValue {
  session: StoredSession | null;
  /** Re-reads local storage, clearing stored login data that is unreadable or expired. */
  refresh(): StoredSession | null;
  /** Clears stored login data and loads `redirectTo` afresh, so no state of the session survives. */
  signOut(redirectTo?: string): void;
}

const SessionContext = createContext<SessionValue | null>(null);

function currentSession(): StoredSession | null {
  const session = readStoredSession();
  if (!session && hasStoredLoginData()) clearLoginData();
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(currentSession);

  const refresh = useCallback(() => {
    const next = currentSession();
    setSession(next);
    return next;
  }, []);

  const signOut = useCallback((redirectTo = '/') => {
    clearLoginData();
    window.location.assign(redirectTo);
  }, []);

  useEffect(() => {
    // Another tab signing in or out changes what this tab may show.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_STORAGE_KEY) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const value = useMemo(() => ({ session, refresh, signOut }), [session, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
