import { lazy, type ReactNode } from 'react';
import { DASHBOARD_VIEWS } from './dashboard-views';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import { RouteErrorPage } from './shell/RouteErrorPage';
import { AdminRoute, ParticipantRoute, PrivateRoute, PublicOnlyRoute } from './guards';
import { ACCOUNT_SETTINGS_TABS } from './account-settings-tabs';
import { SYSTEM_OPTIONS_TABS } from './system-options-tabs';
import { ConsentCeremony } from '../features/consent/components/ConsentCeremony';
import { ROUTE_ACCESS } from '../lib/route-access';

// Every page loads on demand, so the landing page ships only the shell and itself.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const RegisterPatientPage = lazy(() => import('../features/registration/RegisterPatientPage'));
const RegistrationConfirmPage = lazy(() => import('../features/registration/RegistrationConfirmPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/password/ResetPasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const SurveyPage = lazy(() => import('../features/surveys/SurveyPage'));
const ContentPage = lazy(() => import('../features/content/ContentPage'));
const ContactUsPage = lazy(() => import('../features/help/ContactUsPage'));
const ProfileSettingsPage = lazy(() => import('../features/account/ProfileSettingsPage'));
const SystemOptionsPage = lazy(() => import('../features/system-options/SystemOptionsPage'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
const DashboardViewPage = lazy(() => import('../features/dashboards/DashboardViewPage'));

/** A page behind a guard: its path must be one the access lists give that guard (checked in router.test.tsx too). */
type GuardedRoute<A extends keyof typeof ROUTE_ACCESS> = { path: (typeof ROUTE_ACCESS)[A][number]; element: ReactNode };

/** The portal's routes and who may open each. */
export const routes = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/registration-confirm', element: <RegistrationConfirmPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/404', element: <NotFoundPage /> },
      // A built-in dashboard opened by its token alone, without a session (a wall display).
      { path: '/dashboards/:dashboardId', element: <DashboardViewPage views={DASHBOARD_VIEWS} /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: '/register-patient', element: <RegisterPatientPage /> },
          { path: '/login-patient', element: <LoginPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
        ] satisfies GuardedRoute<'publicOnly'>[],
      },
      {
        element: <PrivateRoute />,
        children: [
          { path: '/dashboard', element: <DashboardPage ConsentCeremony={ConsentCeremony} /> },
          { path: '/education', element: <ContentPage /> },
          { path: '/research', element: <ContentPage /> },
          { path: '/support-programs', element: <ContentPage /> },
        ] satisfies GuardedRoute<'signedIn'>[],
      },
      {
        element: <ParticipantRoute />,
        children: [
          { path: '/survey', element: <SurveyPage /> },
          { path: '/contact-us', element: <ContactUsPage /> },
          { path: '/profile-settings', element: <ProfileSettingsPage tabs={ACCOUNT_SETTINGS_TABS} /> },
        ] satisfies GuardedRoute<'participant'>[],
      },
      {
        element: <AdminRoute />,
        children: [
          { path: '/system-options', element: <SystemOptionsPage tabs={SYSTEM_OPTIONS_TABS} /> },
        ] satisfies GuardedRoute<'admin'>[],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
