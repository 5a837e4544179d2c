import { Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { MEASURE } from '../../../components/ui/styles';
import { useCan } from '../../../lib/staff-access';
import { OpenedUsersTable } from './OpenedUsersTable';
import { OpenDashboardButton } from '../../../components/analytics-dashboards/OpenDashboardButton';
import { SurveyWindowDashboard } from './SurveyWindowDashboard';

/**
 * Survey Window Open Users: the counts and chart of the built-in dashboard (for a role that may see dashboards),
 * then who has a survey window open now (for a role that may see that list).
 */
export function SurveyWindowOpenUsersPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const canSeeDashboard = can('dashboards.view');
  return (
    <AdminPanel title={t('systemOptions.tabs.surveyWindowOpenUsers')}>
      <Typography sx={{ maxWidth: MEASURE }}>{t('surveyWindow.intro')}</Typography>
      <OpenDashboardButton dashboardId="survey-window-open-users" />
      {canSeeDashboard && <SurveyWindowDashboard />}
      {can('surveyWindow.view') && <OpenedUsersTable />}
    </AdminPanel>
  );
}
