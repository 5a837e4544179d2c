import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../../../components/admin/AdminPanel';

/** Account Activation Reminders: the days after registration on which an account not yet activated is reminded. */
export function ActivationRemindersPanel() {
  const { t } = useTranslation();
  return <AdminPanel title={t('systemOptions.tabs.accountActivationReminders')} />;
}
