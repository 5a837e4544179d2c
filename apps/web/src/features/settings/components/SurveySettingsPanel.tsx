import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../../../components/admin/AdminPanel';

/** Survey: how long a survey round stays open, and the days after it opens on which participants are reminded. */
export function SurveySettingsPanel() {
  const { t } = useTranslation();
  return <AdminPanel title={t('systemOptions.tabs.survey')} />;
}
