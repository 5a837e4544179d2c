import type { TFunction } from '../../../lib/translator';
import { useTranslation } from '../../../lib/use-translation';
import { toUsDate } from '@portal/shared/dates';
import type { TEmailCounts, TEmailSummary } from '@portal/shared/email-analytics/email-summary';
import { CHART_COLORS, ChartFigure, type ChartSeries } from '../../../components/admin/ChartFigure';
import { languageName, templateName } from './labels';

type Range = { from: string; to: string };
type CountRow = TEmailCounts & Record<string, string | number>;

/** Each chart: the rows it draws, the field along its axis, how that field reads, and its texts. */
const charts = (t: TFunction, summary: TEmailSummary, range: Range) => [
  {
    rows: summary.days as CountRow[],
    key: 'date',
    format: (value: string) => toUsDate(value),
    title: t('emailAnalytics.byDay.title'),
    axis: t('emailAnalytics.byDay.day'),
    summary: t('emailAnalytics.byDay.summary', { ...range, ...summary.totals }),
  },
  {
    rows: summary.templates as CountRow[],
    key: 'template',
    format: (value: string) => templateName(t, value),
    title: t('emailAnalytics.byTemplate.title'),
    axis: t('emailAnalytics.byTemplate.template'),
    summary: t('emailAnalytics.byTemplate.summary', range),
  },
  {
    rows: summary.languages as CountRow[],
    key: 'language',
    format: (value: string) => languageName(t, value),
    title: t('emailAnalytics.byLanguage.title'),
    axis: t('emailAnalytics.byLanguage.language'),
    summary: t('emailAnalytics.byLanguage.summary', range),
  },
];

/** The e-mails of the range by day, by template and by language, each as stacked bars by where they stand. */
export function EmailCountCharts({ summary, range }: { summary: TEmailSummary; range: Range }) {
  const { t } = useTranslation();
  const series: ChartSeries<CountRow>[] = (['sent', 'failed', 'bounced', 'suppressed', 'queued'] as const).map(
    (key, index) => ({ key, label: t(`emailAnalytics.status.${key}`), color: CHART_COLORS[index]! }),
  );
  return charts(t, summary, range).map((chart) => (
    <ChartFigure
      key={chart.key}
      title={chart.title}
      summary={chart.summary}
      kind="bar"
      stacked
      rows={chart.rows}
      category={{ key: chart.key, label: chart.axis }}
      formatCategory={(value) => chart.format(String(value))}
      series={series}
      emptyText={t('emailAnalytics.empty')}
    />
  ));
}
