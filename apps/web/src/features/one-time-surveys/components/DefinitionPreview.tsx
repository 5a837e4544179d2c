import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import type { Language } from '@portal/shared/constants';
import { applySurveyLanguage, portalSurveyTheme } from '../../../lib/survey-engine';

/** The form as participants will see it, read-only, every page at once, in English or Spanish. */
export default function DefinitionPreview({ definition }: { definition: Record<string, unknown> }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const titleId = useId();
  const [language, setLanguage] = useState<Language>('en');
  const model = useMemo(() => {
    const survey = new Model(definition);
    survey.readOnly = true;
    survey.showTitle = false;
    survey.showCompletedPage = false;
    survey.questionsOnPageMode = 'singlePage';
    survey.showNavigationButtons = false;
    survey.applyTheme(portalSurveyTheme(theme));
    return survey;
  }, [definition, theme]);
  useEffect(() => applySurveyLanguage(model, language), [model, language]);
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography id={titleId} variant="h4" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
        {t('oneTimeSurveys.preview.title')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={language}
        onChange={(_event, value: Language | null) => value && setLanguage(value)}
        aria-label={t('oneTimeSurveys.preview.language')}
        sx={{ my: 1 }}
      >
        <ToggleButton value="en" lang="en">
          English
        </ToggleButton>
        <ToggleButton value="sp" lang="es">
          Español
        </ToggleButton>
      </ToggleButtonGroup>
      <Box lang={language === 'sp' ? 'es' : 'en'}>
        <Survey model={model} />
      </Box>
    </Box>
  );
}
