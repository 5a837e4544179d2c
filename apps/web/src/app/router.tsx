import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import { RouteErrorBoundary } from './shell/RouteErrorBoundary';
import { AdminRoute, ParticipantRoute, PrivateRoute, PublicOnlyRoute } from './guards';
import { ROUTE_ACCESS } from '../lib/route-access';
import { preloadLandingContent } from '../features/landing/content';
import { withWholeCatalog } from '../lib/i18n';

/** A page loaded on demand, with every text of the language on screen (the landing page needs only the first part). */
const lazyPage = (loadPage: () => Promise<{ default: ComponentType }>) => lazy(() => withWholeCatalog(loadPage()));

/**
 * A page loaded on demand together with the props the app gives it (its tabs, its views): both load in parallel
 * when the page is opened, and neither is part of what the landing page loads.
 */
function lazyWith<P extends object>(
  loadPage: () => Promise<{ default: ComponentType<P> }>,
  loadProps: () => Promise<P>,
) {
  return lazy(async () => {
    const [{ default: Page }, props] = await withWholeCatalog(Promise.all([loadPage(), loadProps()]));
    return { default: () => <Page {...props} /> };
  });
}

// Every page loads on demand, so the landing page ships only the shell and itself.
const LandingPage = lazy(() => {
  void preloadLandingContent(); // its texts, in the language on screen, download beside its code
  return import('../features/landing/LandingPage');
});
const RegisterPatientPage = lazyPage(() => import('../features/registration/RegisterPatientPage'));
const RegistrationConfirmPage = lazyPage(() => import('../features/registration/RegistrationConfirmPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/password/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/password/ResetPasswordPage'));
const AcceptInvitationPage = lazyPage(() => import('../features/staff/AcceptInvitationPage'));
const UnsubscribePage = lazyPage(() => import('../features/mail-preferences/UnsubscribePage'));
const HomePage = lazyWith(
  () => import('../features/home/HomePage'),
  () => import('../features/consent/components/ConsentCeremony').then(({ ConsentCeremony }) => ({ ConsentCeremony })),
);
const SurveyPage = lazyPage(() => import('../features/surveys/SurveyPage'));
const ContentPage = lazyPage(() => import('../features/content/ContentPage'));
const ContactUsPage = lazyPage(() => import('../features/help/ContactUsPage'));
const MessagesPage = lazyPage(() => import('../features/inbox/MessagesPage'));
const ProfileSettingsPage = lazyWith(
  () => import('../features/account/ProfileSettingsPage'),
  () => import('./account-settings-tabs').then(({ ACCOUNT_SETTINGS_TABS }) => ({ tabs: ACCOUNT_SETTINGS_TABS })),
);
const SystemOptionsPage = lazyWith(
  () => import('../features/system-options/SystemOptionsPage'),
  () => import('./system-options-tabs').then(({ SYSTEM_OPTIONS_TABS }) => ({ tabs: SYSTEM_OPTIONS_TABS })),
);
const SecurityPage = lazyPage(() => import('../features/second-factor/SecurityPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));
const DashboardViewPage = lazyWith(
  () => import('../features/analytics-dashboards/DashboardViewPage'),
  () => import('./analytics-dashboard-views').then(({ DASHBOARD_VIEWS }) => ({ views: DASHBOARD_VIEWS })),
);

/** A page behind a guard: its path must be one the access lists give that guard (checked in router.test.tsx too). */
type GuardedRoute<A extends keyof typeof ROUTE_ACCESS> = { path: (typeof ROUTE_ACCESS)[A][number]; element: ReactNode };

/** The portal's routes and who may open each. */
export const routes = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/registration-confirm', element: <RegistrationConfirmPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // A staff member's invitation, opened from its e-mail signed in or not.
      { path: '/accept-invitation', element: <AcceptInvitationPage /> },
      // An e-mail's link to stop one kind of e-mail, opened signed in or not.
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/404', element: <NotFoundPage /> },
      // A built-in dashboard opened by its token alone, without a session (a wall display).
      { path: '/dashboards/:dashboardId', element: <DashboardViewPage /> },
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
          { path: '/dashboard', element: <HomePage /> },
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
          { path: '/profile-settings', element: <ProfileSettingsPage /> },
          { path: '/messages', element: <MessagesPage /> },
        ] satisfies GuardedRoute<'participant'>[],
      },
      {
        element: <AdminRoute />,
        children: [
          { path: '/system-options', element: <SystemOptionsPage /> },
          { path: '/security', element: <SecurityPage /> },
        ] satisfies GuardedRoute<'admin'>[],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The page at the router's location inside the shell, or the route error page when it cannot render. */
export function PortalRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
