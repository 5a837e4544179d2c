import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../../../components/admin/AdminPanel';

/** Downtime Banner: the maintenance window and the notice shown before and during it. */
export function DowntimeBannerPanel() {
  const { t } = useTranslation();
  return <AdminPanel title={t('systemOptions.tabs.downtimeBanner')} />;
}
