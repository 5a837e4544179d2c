import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TSurveyReportCount } from '@portal/shared/surveys/opened-users';
import { useSurveyReportCount } from '../api/survey-window-api';
import { ReportQuery } from './ReportQuery';

const FIGURES: { key: keyof TSurveyReportCount; label: string }[] = [
  { key: 'openWindows', label: 'surveyWindow.counts.openWindows' },
  { key: 'notStarted', label: 'surveyWindow.counts.notStarted' },
  { key: 'started', label: 'surveyWindow.counts.started' },
  { key: 'submitted', label: 'surveyWindow.counts.submitted' },
];

/** The open windows now and how many of them are not started, started, or done: a row of labelled figures. */
export function SurveyWindowCounts() {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useSurveyReportCount();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ my: 3 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('surveyWindow.counts.title')}
      </Typography>
      <ReportQuery query={query}>
        {(counts) => (
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
            {FIGURES.map(({ key, label }) => (
              <Box
                key={key}
                sx={{
                  display: 'flex',
                  flexDirection: 'column-reverse',
                  minWidth: 160,
                  p: 2,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Typography component="dt">{t(label)}</Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: '2rem', fontWeight: 600, lineHeight: 1.2 }}>
                  {counts[key]}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </ReportQuery>
    </Box>
  );
}
