import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { MEASURE } from '../../../components/ui/styles';
import { useCan } from '../../../lib/staff-access';
import { OpenDashboardButton } from '../../../components/analytics-dashboards/OpenDashboardButton';
import { EmailAnalyticsDashboard } from './EmailAnalyticsDashboard';
import { EmailFailuresTable } from './EmailFailuresTable';
import { MailBacklog } from './MailBacklog';
import { SuppressionList } from './SuppressionList';
import { defaultRange, EmailRangeContext } from './email-range';

/**
 * Emails Insight: the Email Analytics dashboard and the latest failures, both over the range chosen above them, the
 * mail waiting to go out, and the suppressed addresses. The failures and the suppressed addresses name their
 * recipients, so they are for a role that may see them; the figures alone are for any other.
 */
export function EmailAnalyticsPanel() {
  const { t } = useTranslation();
  const canSeeFailures = useCan()('emails.failures');
  const range = useState(defaultRange);
  const [{ from, to }] = range;
  return (
    <AdminPanel title={t('emailAnalytics.title')}>
      <Typography sx={{ maxWidth: MEASURE }}>{t('emailAnalytics.intro')}</Typography>
      <OpenDashboardButton dashboardId="email-analytics" />
      <EmailRangeContext value={range}>
        <EmailAnalyticsDashboard />
        {/* A new range starts the list again from its first page. */}
        {canSeeFailures && <EmailFailuresTable key={`${from}/${to}`} range={{ from, to }} />}
      </EmailRangeContext>
      <MailBacklog />
      {canSeeFailures && <SuppressionList />}
    </AdminPanel>
  );
}
