import { Alert, Typography } from '@mui/material';
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useParams } from 'react-router';
import { formatDateTime } from '@portal/shared/dates';
import type { DashboardId } from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { PageHeading } from '../../components/ui/PageHeading';
import { PageLoading } from '../../components/ui/PageLoading';
import { browserTimeZone } from '../../lib/local-date-time';
import { DashboardTokenContext } from '../../components/analytics-dashboards/dashboard-query';

/** A built-in dashboard: its name and its figures, the very component System Options embeds. */
export interface DashboardView {
  /** The dashboard's name, the page's second heading. */
  titleKey: string;
  /** The figures, loaded on demand (the chart library is large). */
  View: LazyExoticComponent<ComponentType>;
}

/** When a dashboard token stops working, read from its own claims (for display only; the server decides). */
export function tokenExpiry(token: string): Date | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/dashboards/:dashboardId#token=…`: one built-in dashboard on its own page, opened by its token alone (no
 * session), for a full screen or a wall display. Without a token, or with one the server refuses, it says to open
 * the dashboard again from System Options.
 */
export default function DashboardViewPage({ views }: { views: Record<DashboardId, DashboardView> }) {
  const { t } = useTranslation();
  const { dashboardId } = useParams();
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? undefined;
  const view = Object.hasOwn(views, dashboardId ?? '') ? views[dashboardId as DashboardId] : undefined;
  if (!view) return <PageHeading title={t('dashboards.notFound')} />;
  const expiry = token && tokenExpiry(token);
  return (
    <PageHeading title={t('dashboards.pageTitle')}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t(view.titleKey)}
      </Typography>
      {token && expiry ? (
        <>
          <Typography sx={{ mb: 2 }}>
            {t('dashboards.validUntil', { time: formatDateTime(expiry, browserTimeZone()) })}
          </Typography>
          <DashboardTokenContext value={token}>
            <Suspense fallback={<PageLoading />}>
              <view.View />
            </Suspense>
          </DashboardTokenContext>
        </>
      ) : (
        <Alert severity="error" role="alert">
          {t('dashboards.linkExpired')}
        </Alert>
      )}
    </PageHeading>
  );
}
