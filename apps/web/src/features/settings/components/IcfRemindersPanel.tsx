import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ReminderScheduleEditor } from './ReminderScheduleEditor';

/** ICF Reminders: the days after activation on which a participant who has not signed the consent is reminded. */
export function IcfRemindersPanel() {
  const { t } = useTranslation();
  return (
    <AdminPanel title={t('systemOptions.tabs.icfReminders')}>
      <ReminderScheduleEditor type="ICF" />
    </AdminPanel>
  );
}
