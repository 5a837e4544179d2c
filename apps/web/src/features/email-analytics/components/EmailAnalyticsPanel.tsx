import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { MEASURE } from '../../../components/ui/styles';
import { OpenDashboardButton } from '../../../components/analytics-dashboards/OpenDashboardButton';
import { EmailAnalyticsDashboard } from './EmailAnalyticsDashboard';
import { EmailFailuresTable } from './EmailFailuresTable';
import { defaultRange, EmailRangeContext } from './email-range';

/** Emails Insight: the Email Analytics dashboard and the latest failures, both over the range chosen above them. */
export function EmailAnalyticsPanel() {
  const { t } = useTranslation();
  const range = useState(defaultRange);
  const [{ from, to }] = range;
  return (
    <AdminPanel title={t('emailAnalytics.title')}>
      <Typography sx={{ maxWidth: MEASURE }}>{t('emailAnalytics.intro')}</Typography>
      <OpenDashboardButton dashboardId="email-analytics" />
      <EmailRangeContext value={range}>
        <EmailAnalyticsDashboard />
        {/* A new range starts the list again from its first page. */}
        <EmailFailuresTable key={`${from}/${to}`} range={{ from, to }} />
      </EmailRangeContext>
    </AdminPanel>
  );
}
