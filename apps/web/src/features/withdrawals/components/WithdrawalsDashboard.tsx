import { useTranslation } from 'react-i18next';
import type { TWithdrawalMonth } from '@portal/shared/withdrawals/withdrawal-users';
import { CHART_COLORS, ChartFigure } from '../../../components/admin/ChartFigure';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useWithdrawalSummary } from '../api/withdrawals-api';

/** `YYYY-MM` as `MM/YYYY`, the month of the portal's MM/DD/YYYY dates. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The built-in Withdrawals dashboard: stacked bars of the withdrawals of each of the last twelve months, by who
 * carried them out (the participant in the portal, or an administrator on request).
 */
export function WithdrawalsDashboard() {
  const { t } = useTranslation();
  const query = useWithdrawalSummary();
  if (query.isError) return <LoadFailedAlert message={t('admin.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoading />;
  const { months, total } = query.data;
  const sum = (key: 'participant' | 'manual') => months.reduce((n, m) => n + m[key], 0);
  const shown = months.some((m) => m.participant + m.manual > 0) ? months : [];
  return (
    <ChartFigure<TWithdrawalMonth>
      title={t('withdrawals.dashboard.title')}
      summary={t('withdrawals.dashboard.summary', {
        participant: sum('participant'),
        manual: sum('manual'),
        total: total.participant + total.manual,
      })}
      kind="bar"
      stacked
      rows={shown}
      category={{ key: 'month', label: t('withdrawals.dashboard.month') }}
      formatCategory={(value) => monthLabel(String(value))}
      series={[
        { key: 'participant', label: t('withdrawals.dashboard.participant'), color: CHART_COLORS[0] },
        { key: 'manual', label: t('withdrawals.dashboard.manual'), color: CHART_COLORS[1] },
      ]}
      emptyText={t('withdrawals.dashboard.empty')}
    />
  );
}
