import { Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { MEASURE } from '../../../components/ui/styles';
import { OpenedUsersTable } from './OpenedUsersTable';
import { OpenDashboardButton } from '../../../components/analytics-dashboards/OpenDashboardButton';
import { SurveyWindowDashboard } from './SurveyWindowDashboard';

/** Survey Window Open Users: the counts, the built-in dashboard, then who has a survey window open now. */
export function SurveyWindowOpenUsersPanel() {
  const { t } = useTranslation();
  return (
    <AdminPanel title={t('systemOptions.tabs.surveyWindowOpenUsers')}>
      <Typography sx={{ maxWidth: MEASURE }}>{t('surveyWindow.intro')}</Typography>
      <OpenDashboardButton dashboardId="survey-window-open-users" />
      <SurveyWindowDashboard />
      <OpenedUsersTable />
    </AdminPanel>
  );
}
