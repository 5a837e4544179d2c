import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useTheme, type Theme } from '@mui/material/styles';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { Model, type SurveyModel } from 'survey-core';
import { Survey } from 'survey-react-ui';
import type { Language } from '@portal/shared/constants';
import { formatDate } from '@portal/shared/dates';
import type { TSurveyResponse } from '@portal/shared/surveys/survey-response';
import { serverMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-errors';
import { applySurveyLanguage as applyLanguage, portalSurveyTheme } from '../../../lib/survey-engine';
import { useSubmitSurvey, useSurveyResponse } from '../api/survey-api';
import { useAutosave, type AutosaveState } from './use-autosave';

/** The last page's button submits: it says so in the portal's words. */
function setCompleteText(model: SurveyModel, text: string) {
  model.completeText = text;
}

function createModel(response: TSurveyResponse, theme: Theme, language: string): SurveyModel {
  const model = new Model(response.definition);
  applyLanguage(model, language);
  model.data = response.answers;
  model.showTitle = false;
  model.showCompletedPage = false;
  model.showProgressBar = true;
  // Every keystroke counts as an answer, so a number typed just before leaving is saved too.
  model.textUpdateMode = 'onTyping';
  model.applyTheme(portalSurveyTheme(theme));
  if (!response.editable) {
    model.readOnly = true;
    model.questionsOnPageMode = 'singlePage';
  } else if (response.pageNo < model.visiblePageCount) {
    model.currentPageNo = response.pageNo;
  }
  return model;
}

function SaveStatus({ state }: { state: AutosaveState }) {
  const { t } = useTranslation();
  const text = {
    idle: '',
    saving: t('survey.runner.saving'),
    saved: t('survey.runner.saved'),
    failed: state.kind === 'failed' ? (state.message ?? t('survey.runner.saveFailed')) : '',
  }[state.kind];
  return (
    <Typography role="status" color={state.kind === 'failed' ? 'error' : 'text.secondary'} sx={{ minHeight: '1.5em' }}>
      {text}
    </Typography>
  );
}

function Thanks() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h2" ref={heading} tabIndex={-1}>
        {t('survey.runner.thanksTitle')}
      </Typography>
      <Typography>{t('survey.submitted')}</Typography>
      <Typography>{t('survey.runner.thanksBody')}</Typography>
      <Button variant="contained" component={RouterLink} to="/survey">
        {t('survey.runner.back')}
      </Button>
    </Stack>
  );
}

function QuestionnaireForm({ response }: { response: TSurveyResponse }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.language as Language;
  // One model for the life of the page: changing language changes its locale, never its answers.
  const [model] = useState(() => createModel(response, theme, language));
  const autosave = useAutosave(response.responseId, model, response.editable);
  const submit = useSubmitSurvey(response.responseId);
  const [submitError, setSubmitError] = useState<string>();
  const [done, setDone] = useState(false);

  useEffect(() => {
    applyLanguage(model, language);
    setCompleteText(model, t('survey.runner.submit'));
  }, [model, language, t]);

  const { mutateAsync: submitAnswers } = submit;
  const { stop: stopSaving } = autosave;
  useEffect(() => {
    const completing = async (_: SurveyModel, options: { allow: boolean }) => {
      setSubmitError(undefined);
      try {
        await submitAnswers(model.data as Record<string, unknown>);
        stopSaving();
      } catch (error) {
        options.allow = false;
        setSubmitError(serverMessage(error) ?? t('survey.runner.submitFailed'));
        const [first] = serverFieldErrors(error);
        if (first) model.getQuestionByName(first.errorField)?.focus(true);
      }
    };
    const completed = () => setDone(true);
    model.onCompleting.add(completing);
    model.onComplete.add(completed);
    return () => {
      model.onCompleting.remove(completing);
      model.onComplete.remove(completed);
    };
  }, [model, submitAnswers, stopSaving, t]);

  if (done) return <Thanks />;
  const title = response.title[language] || response.title.en;
  const notice = response.editable
    ? t('survey.runner.openUntil', { date: formatDate(response.closesAt) })
    : response.submittedAt
      ? t('survey.runner.submittedOn', { date: formatDate(response.submittedAt) })
      : t('survey.runner.closedView');
  return (
    <Stack spacing={2}>
      <Typography variant="h2">{title}</Typography>
      {model.description && <Typography>{model.description}</Typography>}
      <Alert severity="info" role="note">
        {notice}
      </Alert>
      <Box sx={{ mx: { xs: -2, sm: 0 } }}>
        <Survey model={model} />
      </Box>
      {submit.isPending && <Typography role="status">{t('survey.runner.submitting')}</Typography>}
      {submitError && <Alert severity="error">{submitError}</Alert>}
      {response.editable && <SaveStatus state={autosave.state} />}
    </Stack>
  );
}

/** One questionnaire: answered page by page and saved as the participant goes, or shown read-only. */
export default function SurveyRunner({ responseId }: { responseId: string }) {
  const { t } = useTranslation();
  const response = useSurveyResponse(responseId);
  const form = useMemo(
    () => (response.data ? <QuestionnaireForm key={response.data.responseId} response={response.data} /> : null),
    [response.data],
  );
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to="/survey" sx={{ alignSelf: 'flex-start' }}>
        {t('survey.runner.back')}
      </Link>
      {response.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {response.isError && <Alert severity="error">{serverMessage(response.error) ?? t('survey.loadFailed')}</Alert>}
      {form}
    </Stack>
  );
}
