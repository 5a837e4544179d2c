import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toUsDate } from '@portal/shared/dates';
import { COMPLETION_DAYS, type TSurveyCompletion } from '@portal/shared/surveys/opened-users';
import { CHART_COLORS, ChartFigure } from '../../../components/admin/ChartFigure';
import { useSurveyCompletion } from '../api/survey-window-api';
import { ReportQuery } from './ReportQuery';

/** What the drawing shows, in one sentence: the days, how open windows moved, and submissions in all. */
function summaryOf(completion: TSurveyCompletion, t: (key: string, values: Record<string, unknown>) => string) {
  const first = completion.days[0];
  const last = completion.days.at(-1);
  if (!first || !last) return '';
  return t('surveyWindow.chart.summary', {
    from: toUsDate(first.date),
    to: toUsDate(last.date),
    firstOpen: first.openWindows,
    lastOpen: last.openWindows,
    submitted: completion.days.reduce((sum, day) => sum + day.submitted, 0),
  });
}

/**
 * The built-in dashboard: per day of the last 30, the survey windows open and the questionnaires submitted.
 * Loaded on its own (the chart library is large), so the counts and the list do not wait for it.
 */
export default function SurveyCompletionChart() {
  const { t } = useTranslation();
  const days = COMPLETION_DAYS.default;
  const query = useSurveyCompletion(days);
  const title = t('surveyWindow.chart.title', { days });
  return (
    <ReportQuery query={query}>
      {(completion) => (
        <Box>
          <ChartFigure
            title={title}
            summary={summaryOf(completion, t)}
            kind="line"
            rows={completion.days}
            category={{ key: 'date', label: t('surveyWindow.chart.day') }}
            formatCategory={(date) => toUsDate(String(date))}
            series={[
              { key: 'openWindows', label: t('surveyWindow.chart.openWindows'), color: CHART_COLORS[0] },
              { key: 'submitted', label: t('surveyWindow.chart.submitted'), color: CHART_COLORS[1] },
            ]}
            emptyText={t('surveyWindow.chart.empty')}
          />
          <Typography variant="body2">{t('surveyWindow.chart.timeZone', { timeZone: completion.timeZone })}</Typography>
        </Box>
      )}
    </ReportQuery>
  );
}
