import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { PageLoading } from '../../../components/ui/PageLoading';
import { MEASURE } from '../../../components/ui/styles';
import { OpenedUsersTable } from './OpenedUsersTable';
import { SurveyWindowCounts } from './SurveyWindowCounts';

const SurveyCompletionChart = lazy(() => import('./SurveyCompletionChart'));

/** Survey Window Open Users: the counts, the built-in dashboard, then who has a survey window open now. */
export function SurveyWindowOpenUsersPanel() {
  const { t } = useTranslation();
  return (
    <AdminPanel title={t('systemOptions.tabs.surveyWindowOpenUsers')}>
      <Typography sx={{ maxWidth: MEASURE }}>{t('surveyWindow.intro')}</Typography>
      <SurveyWindowCounts />
      <Suspense fallback={<PageLoading />}>
        <SurveyCompletionChart />
      </Suspense>
      <OpenedUsersTable />
    </AdminPanel>
  );
}
