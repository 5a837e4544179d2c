import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SurveyWindowCounts } from './SurveyWindowCounts';

const SurveyCompletionChart = lazy(() => import('./SurveyCompletionChart'));

/**
 * The built-in Survey Window Open Users dashboard: the counts, then the chart, loaded on its own (the chart library
 * is large) so the counts do not wait for it. Figures only, so its token may show it on a wall display.
 */
export function SurveyWindowDashboard() {
  return (
    <>
      <SurveyWindowCounts />
      <Suspense fallback={<PageLoading />}>
        <SurveyCompletionChart />
      </Suspense>
    </>
  );
}
