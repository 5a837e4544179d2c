import { Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { toUsDate } from '@portal/shared/dates';
import { DateRangeFilter } from '../../../components/admin/DateRangeFilter';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { MEASURE } from '../../../components/ui/styles';
import { serverMessage } from '../../../lib/api-client';
import { useEmailSummary } from '../api/email-analytics-api';
import { EmailCountCharts } from './EmailCountCharts';
import { EmailFollowUps } from './EmailFollowUps';
import { EmailNotSent } from './EmailNotSent';
import { EmailTotals } from './EmailTotals';
import { useEmailRange } from './email-range';

/**
 * The built-in Email Analytics dashboard over a chosen range (the last 30 days at first): totals and the delivery
 * rate, the e-mails by day, template and language, and what followed the reminders and invitations. Figures only,
 * so its token may show it on a wall display.
 */
export function EmailAnalyticsDashboard() {
  const { t } = useTranslation();
  const [range, setRange] = useEmailRange();
  const query = useEmailSummary(range);
  const shown = { from: toUsDate(range.from), to: toUsDate(range.to) };
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <DateRangeFilter value={range} onApply={setRange} />
      {query.isError ? (
        <LoadFailedAlert
          message={serverMessage(query.error) ?? t('admin.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data ? (
        <PageLoading />
      ) : (
        <>
          <Typography sx={{ maxWidth: MEASURE }}>
            {t('emailAnalytics.rangeShown', shown)}{' '}
            {t('emailAnalytics.countingRule', { timeZone: query.data.timeZone })}
          </Typography>
          <EmailTotals totals={query.data.totals} />
          <EmailCountCharts summary={query.data} range={shown} />
          <EmailFollowUps followUps={query.data.followUps} />
          <EmailNotSent notSent={query.data.notSent} />
        </>
      )}
    </Stack>
  );
}
