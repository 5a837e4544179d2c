import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../../../components/admin/AdminPanel';

/** Security Policy: login codes, password rules, lockout and session time-out. */
export function SecurityPolicyPanel() {
  const { t } = useTranslation();
  return <AdminPanel title={t('systemOptions.tabs.securityPolicy')} />;
}
