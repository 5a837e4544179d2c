import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ReminderScheduleEditor } from './ReminderScheduleEditor';
import { SurveyPeriodEditor } from './SurveyPeriodEditor';

/** Survey: how long a survey round stays open, and the days after it opens on which participants are reminded. */
export function SurveySettingsPanel() {
  const { t } = useTranslation();
  return (
    <AdminPanel title={t('systemOptions.tabs.survey')}>
      <SurveyPeriodEditor />
      <ReminderScheduleEditor
        type="SURVEY"
        title={t('surveySettings.remindersTitle')}
        historyTitle={t('surveySettings.remindersHistory')}
      />
    </AdminPanel>
  );
}
