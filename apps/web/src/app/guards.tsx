import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { readStoredSession, type StoredSession } from '../lib/auth-storage';
import { returnStateOf } from '../lib/return-path';

/**
 * Reads stored login data on every navigation. An expired or unreadable token is cleared (in a layout
 * effect, so before any redirect happens) and the shared session is brought up to date.
 */
function useSessionOnNavigation(): StoredSession | null {
  const { refresh } = useSession();
  const location = useLocation();
  const session = readStoredSession();
  useLayoutEffect(() => {
    refresh();
  }, [location.pathname, location.search, refresh]);
  return session;
}

/** Login, registration and forgot-password: signed-in users go to /dashboard. */
export function PublicOnlyRoute() {
  const session = useSessionOnNavigation();
  return session ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** The way to /login-patient from a private page, which the sign-in page returns to once signed in. */
function ToLogin() {
  return <Navigate to="/login-patient" replace state={returnStateOf(useLocation())} />;
}

/** Private pages: anyone not signed in goes to /login-patient, and back here once signed in. */
export function PrivateRoute() {
  const session = useSessionOnNavigation();
  return session ? <Outlet /> : <ToLogin />;
}

/** System Options: signed-in non-administrators go to /404, others to /login-patient. */
export function AdminRoute() {
  const session = useSessionOnNavigation();
  if (!session) return <ToLogin />;
  return session.isAdmin ? <Outlet /> : <Navigate to="/404" replace />;
}

/** Participants' own pages (Surveys, Contact Us, Account Settings): administrators have none and go to /system-options. */
export function ParticipantRoute() {
  const session = useSessionOnNavigation();
  if (!session) return <ToLogin />;
  return session.isAdmin ? <Navigate to="/system-options" replace /> : <Outlet />;
}
