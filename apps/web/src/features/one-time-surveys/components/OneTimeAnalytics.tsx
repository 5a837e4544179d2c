import { Stack } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { ChartFigure, CHART_COLORS } from '../../../components/admin/ChartFigure';
import { DetailsList } from '../../../components/ui/DetailsList';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { serverMessage } from '../../../lib/api-client';
import { useOneTimeStats } from '../api/one-time-surveys-api';
import { nameIn } from './one-time-words';

/** Analytics: how many surveys there are in each state, and the ten highest submission rates (0 to 100). */
export function OneTimeAnalytics() {
  const { t, i18n } = useTranslation();
  const query = useOneTimeStats();
  if (query.isError)
    return (
      <LoadFailedAlert
        message={serverMessage(query.error) ?? t('admin.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data === undefined) return <PageLoading />;
  const stats = query.data;
  const rows = stats.submissionRateList.map((survey) => ({
    name: nameIn(survey.name, i18n.language),
    rate: survey.rate,
  }));
  return (
    <Stack spacing={2}>
      <DetailsList
        details={[
          { label: t('oneTimeSurveys.stats.total'), value: stats.total },
          { label: t('oneTimeSurveys.stats.upcoming'), value: stats.upcoming },
          { label: t('oneTimeSurveys.stats.inProgress'), value: stats.inProgress },
          { label: t('oneTimeSurveys.stats.completed'), value: stats.completed },
        ]}
      />
      <ChartFigure
        title={t('oneTimeSurveys.stats.chartTitle')}
        summary={t('oneTimeSurveys.stats.chartSummary', {
          rates: rows.map((row) => `${row.name}: ${row.rate}%`).join('; '),
        })}
        kind="bar"
        rows={rows}
        category={{ key: 'name', label: t('oneTimeSurveys.fields.name') }}
        series={[{ key: 'rate', label: t('oneTimeSurveys.stats.rate'), color: CHART_COLORS[0] }]}
        domain={[0, 100]}
        emptyText={t('oneTimeSurveys.stats.noRates')}
      />
    </Stack>
  );
}
