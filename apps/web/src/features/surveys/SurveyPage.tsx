import { lazy, Suspense } from 'react';
import { CircularProgress } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeading } from '../../components/ui/PageHeading';
import { SurveyOverview } from './components/SurveyOverview';

// The form engine and its styles load only when a questionnaire opens.
const SurveyRunner = lazy(() => import('./components/SurveyRunner'));

/** /survey lists the participant's surveys; /survey?survey=<response id> opens one of them. */
export default function SurveyPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const responseId = z.uuid().safeParse(search.get('survey'));
  return (
    <PageHeading title={t('pages.survey')}>
      {responseId.success ? (
        <Suspense fallback={<CircularProgress aria-label={t('common.loading')} />}>
          <SurveyRunner key={responseId.data} responseId={responseId.data} />
        </Suspense>
      ) : (
        <SurveyOverview />
      )}
    </PageHeading>
  );
}
