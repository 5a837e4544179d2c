import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import { SURVEY_PERIOD_DAYS } from '@portal/shared/constants';
import { ZSurveyPeriodUpdate } from '@portal/shared/surveys/survey-period';
import { EditorCard } from '../../../components/admin/EditorCard';
import { NumberSettingField } from '../../../components/admin/NumberSettingField';
import { SettingValues } from '../../../components/admin/SettingValues';
import { useEditor } from '../../../components/admin/use-editor';
import { useCan } from '../../../lib/staff-access';
import { useSaveSurveyPeriod, useSurveyPeriod } from '../api/survey-period-api';
import { SettingChanges } from './SettingChanges';

type PeriodForm = z.infer<typeof ZSurveyPeriodUpdate>;

/** The stored fields' labels in the history, as the editor shows them. */
const PERIOD_LABELS = { value: 'surveySettings.periodLabel', description: 'surveySettings.description' };

/** The survey period: how many days a survey round stays open, read-only or to change; then its history. */
export function SurveyPeriodEditor() {
  const { t } = useTranslation();
  const can = useCan();
  const query = useSurveyPeriod();
  const savePeriod = useSaveSurveyPeriod();
  const form = useForm<PeriodForm>({ resolver: zodResolver(ZSurveyPeriodUpdate), mode: 'onChange' });
  const editor = useEditor({
    form,
    query,
    toForm: (stored) => ({ period: stored.value }),
    save: (values, stored) => savePeriod.mutateAsync({ period: values.period, version: stored.version }),
    fields: ['period'],
  });
  return (
    <>
      <EditorCard
        {...editor}
        canEdit={can('settings.edit')}
        title={t('surveySettings.periodTitle')}
        view={(stored) => (
          <SettingValues
            values={[
              { label: t('surveySettings.periodLabel'), value: stored.value },
              ...(stored.description ? [{ label: t('surveySettings.description'), value: stored.description }] : []),
            ]}
          />
        )}
      >
        <Box sx={{ maxWidth: 360 }}>
          <NumberSettingField
            registration={form.register('period', { valueAsNumber: true })}
            label={t('surveySettings.periodLabel')}
            min={SURVEY_PERIOD_DAYS.min}
            max={SURVEY_PERIOD_DAYS.max}
            errorMessage={form.formState.errors.period?.message}
          />
        </Box>
      </EditorCard>
      <SettingChanges
        setting="survey-period"
        title={t('surveySettings.periodHistory')}
        fieldLabels={PERIOD_LABELS}
        headingLevel="h4"
      />
    </>
  );
}
