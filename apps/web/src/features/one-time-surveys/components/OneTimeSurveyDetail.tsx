import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '@portal/shared/dates';
import type { z } from 'zod';
import type { ZOneTimeSurveyDetail } from '@portal/shared/surveys/one-time-surveys';
import { DetailsList } from '../../../components/ui/DetailsList';
import { PageLoading } from '../../../components/ui/PageLoading';
import { serverMessage } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date-time';
import { useOneTimeSurvey } from '../api/one-time-surveys-api';
import { nameIn, STATE_LABELS } from './one-time-words';
import { OneTimeFailuresTable, OneTimeUsersTable } from './OneTimeUserTables';
import { focusPanelHeading } from '../../../lib/focus-panel-heading';

/**
 * One survey: Back to Surveys, its figures, Edit while its form can change (when there is `onEdit`), its configured
 * participants and those not initiated.
 */
export function OneTimeSurveyDetail({ id, onBack, onEdit }: { id: string; onBack(): void; onEdit?: () => void }) {
  const { t } = useTranslation();
  const query = useOneTimeSurvey(id);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={onBack}>
        {t('oneTimeSurveys.backToSurveys')}
      </Button>
      {query.isError ? (
        <Alert severity="error">{serverMessage(query.error) ?? t('admin.loadFailed')}</Alert>
      ) : query.data === undefined ? (
        <PageLoading />
      ) : (
        <SurveyFigures survey={query.data} onEdit={onEdit} />
      )}
    </Stack>
  );
}

function SurveyFigures({ survey, onEdit }: { survey: z.infer<typeof ZOneTimeSurveyDetail>; onEdit?: () => void }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a survey moves the reader to its name, as a new page would.
  useEffect(() => focusPanelHeading(heading.current), []);
  const timeZone = browserTimeZone();
  const moment = (iso: string) => formatDateTime(iso, timeZone);
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Typography variant="h3" ref={heading} tabIndex={-1} sx={{ fontSize: '1.25rem', outline: 'none' }}>
        {nameIn(survey.name, i18n.language)}
      </Typography>
      <DetailsList
        details={[
          { label: t('oneTimeSurveys.fields.nameEn'), value: survey.name.en },
          { label: t('oneTimeSurveys.fields.nameSp'), value: survey.name.sp },
          { label: t('oneTimeSurveys.fields.state'), value: t(STATE_LABELS[survey.state]) },
          { label: t('oneTimeSurveys.fields.sendDate'), value: moment(survey.sendDate) },
          { label: t('oneTimeSurveys.fields.startDate'), value: moment(survey.effectiveStartDate) },
          { label: t('oneTimeSurveys.fields.endDate'), value: moment(survey.effectiveEndDate) },
          { label: t('oneTimeSurveys.fields.configured'), value: survey.userCount },
          { label: t('oneTimeSurveys.fields.invited'), value: survey.successCount },
          { label: t('oneTimeSurveys.fields.failures'), value: survey.failureCount },
          { label: t('oneTimeSurveys.fields.submitted'), value: survey.submittedCount },
        ]}
      />
      <Typography variant="body2" color="text.secondary">
        {t('oneTimeSurveys.timeZone', { timeZone })}
      </Typography>
      {onEdit &&
        (survey.formEditable ? (
          <Button variant="outlined" onClick={onEdit} sx={{ alignSelf: 'flex-start' }}>
            {t('oneTimeSurveys.edit')}
          </Button>
        ) : (
          <Typography>{t('error.oneTime.formLocked')}</Typography>
        ))}
      <OneTimeUsersTable formId={survey.formId} />
      <OneTimeFailuresTable formId={survey.formId} />
    </Stack>
  );
}
