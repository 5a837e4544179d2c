import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TDateRange } from '@portal/shared/api/date-range';
import { toUsDate } from '@portal/shared/dates';
import type { TWithdrawalMonth } from '@portal/shared/withdrawals/withdrawal-users';
import { CHART_COLORS, ChartFigure } from '../../../components/admin/ChartFigure';
import { DateRangeFilter } from '../../../components/admin/DateRangeFilter';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { serverMessage } from '../../../lib/api-client';
import { useWithdrawalSummary } from '../api/withdrawals-api';

/** `YYYY-MM` as `MM/YYYY`, the month of the portal's MM/DD/YYYY dates. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The built-in Withdrawals dashboard: stacked bars of the withdrawals of each month of a range (the last twelve
 * months at first), by who carried them out (the participant in the portal, or an administrator on request).
 */
export function WithdrawalsDashboard() {
  const { t } = useTranslation();
  const [range, setRange] = useState<TDateRange>();
  const query = useWithdrawalSummary(range);
  if (query.isError)
    return (
      <LoadFailedAlert
        message={serverMessage(query.error) ?? t('admin.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <PageLoading />;
  const { from, to, months, total } = query.data;
  const sum = (key: 'participant' | 'manual') => months.reduce((n, m) => n + m[key], 0);
  const shown = months.some((m) => m.participant + m.manual > 0) ? months : [];
  return (
    <>
      <DateRangeFilter key={`${from} ${to}`} value={{ from, to }} onApply={setRange} />
      <ChartFigure<TWithdrawalMonth>
        title={t('withdrawals.dashboard.title')}
        summary={t('withdrawals.dashboard.summary', {
          from: toUsDate(from),
          to: toUsDate(to),
          participant: t('withdrawals.dashboard.withdrewInPortal', { count: sum('participant') }),
          manual: t('withdrawals.dashboard.withdrawnOnRequest', { count: sum('manual') }),
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
    </>
  );
}
