import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import type { TFunction } from '../../../lib/translator';
import { useTranslation } from '../../../lib/use-translation';
import { toUsDate } from '@portal/shared/dates';
import { COMPLETION_DAYS, type TSurveyCompletion } from '@portal/shared/surveys/opened-users';
import { CHART_COLORS, ChartFigure } from '../../../components/admin/ChartFigure';
import { NativeSelect } from '../../../components/ui/NativeSelect';
import { useSurveyCompletion } from '../api/survey-window-api';
import { ReportQuery } from './ReportQuery';

/** The spans the chart offers, in days up to today. */
const DAY_CHOICES = [7, COMPLETION_DAYS.default, 90, COMPLETION_DAYS.max] as const;

/** What the drawing shows, in one sentence: the days, how open windows moved, and submissions in all. */
function summaryOf(completion: TSurveyCompletion, t: TFunction) {
  const first = completion.days[0];
  const last = completion.days.at(-1);
  if (!first || !last) return '';
  return t('surveyWindow.chart.summary', {
    from: toUsDate(first.date),
    to: toUsDate(last.date),
    firstOpen: first.openWindows,
    lastOpen: last.openWindows,
    submitted: t('surveyWindow.chart.submittedInAll', {
      count: completion.days.reduce((sum, day) => sum + day.submitted, 0),
    }),
  });
}

/**
 * The built-in dashboard: per day of the last 30 (or 7, 90 or 365), the survey windows open and the questionnaires
 * submitted.
 * Loaded on its own (the chart library is large), so the counts and the list do not wait for it.
 */
export default function SurveyCompletionChart() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(COMPLETION_DAYS.default);
  const query = useSurveyCompletion(days);
  const title = t('surveyWindow.chart.title', { count: days });
  return (
    <ReportQuery query={query}>
      {(completion) => (
        <Box>
          <NativeSelect
            label={t('surveyWindow.chart.daysLabel')}
            value={days}
            options={DAY_CHOICES.map((choice) => ({
              value: String(choice),
              label: t('surveyWindow.chart.lastDays', { count: choice }),
            }))}
            onChange={(value) => setDays(Number(value))}
            sx={{ mt: 2, minWidth: 220 }}
          />
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
