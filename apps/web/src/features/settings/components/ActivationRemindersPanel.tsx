import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ReminderScheduleEditor } from './ReminderScheduleEditor';

/** Account Activation Reminders: the days after registration on which an account not yet activated is reminded. */
export function ActivationRemindersPanel() {
  const { t } = useTranslation();
  return (
    <AdminPanel title={t('systemOptions.tabs.accountActivationReminders')}>
      <ReminderScheduleEditor type="ACCOUNT_ACTIVATION" />
    </AdminPanel>
  );
}
