import 'survey-core/survey-core.fontless.min.css';
import 'survey-core/i18n/spanish';
import type { Theme } from '@mui/material/styles';
import { settings, type SurveyModel } from 'survey-core';

// The portal's h1 names the page and its h2 the questionnaire: the form's own headings come below them.
settings.titleTags.survey = 'h2';
settings.titleTags.page = 'h3';
settings.titleTags.panel = 'h4';
settings.titleTags.question = 'h4';

/** Shows a form in the portal's language (the engine calls Spanish `es`); the answers stay as they are. */
export function applySurveyLanguage(model: SurveyModel, language: string) {
  model.locale = language === 'sp' ? 'es' : 'en';
}

/** The form engine in the portal's colours and type, with text colours that keep WCAG AA contrast. */
export function portalSurveyTheme(theme: Theme) {
  return {
    themeName: 'portal',
    colorPalette: 'light',
    isPanelless: true,
    cssVariables: {
      '--sjs2-color-project-brand-600': theme.palette.primary.main,
      '--sjs2-color-project-brand-700': theme.palette.primary.dark,
      '--sjs2-color-fg-basic-primary': theme.palette.text.primary,
      '--sjs2-color-fg-basic-secondary': theme.palette.text.secondary,
      '--sjs2-color-fg-basic-tertiary': theme.palette.text.secondary,
      '--sjs2-typography-font-family-text': String(theme.typography.fontFamily),
    },
  };
}
