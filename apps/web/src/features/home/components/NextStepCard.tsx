import type { ReactNode } from 'react';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@portal/shared/dates';
import type { TNextStep } from '@portal/shared/home/home';
import { titleOf } from '@portal/shared/surveys/survey-entries';

function StepCard({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      component="section"
      aria-labelledby="next-step-title"
      variant="outlined"
      sx={{ borderWidth: 2, borderColor: 'primary.main' }}
    >
      <CardContent>
        <Typography component="h2" variant="overline" sx={{ fontSize: '0.95rem', color: 'primary.dark' }}>
          {t('dashboard.next.heading')}
        </Typography>
        <Typography component="p" variant="h5" id="next-step-title" sx={{ mt: 0.5, fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography sx={{ mt: 1.5, fontSize: '1.1rem' }}>{body}</Typography>
      </CardContent>
      {action && <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>}
    </Card>
  );
}

/** The one thing to do next, with the button that does it. */
export function NextStepCard({ step, onSignConsent }: { step: TNextStep; onSignConsent(): void }) {
  const { t, i18n } = useTranslation();
  const goToSurveys = (label: string) => (
    <Button variant="contained" size="large" component={RouterLink} to="/survey" endIcon={<ArrowForwardIcon />}>
      {label}
    </Button>
  );
  switch (step.kind) {
    case 'signConsent':
      return (
        <StepCard
          title={t('consent.prompt.title')}
          body={t('consent.prompt.body')}
          action={
            <Button variant="contained" size="large" onClick={onSignConsent}>
              {t('consent.prompt.button')}
            </Button>
          }
        />
      );
    case 'continueSurvey':
    case 'startSurvey': {
      const survey = step.survey!;
      const values = { title: titleOf(survey, i18n.language), date: formatDate(survey.closesAt) };
      const started = step.kind === 'continueSurvey';
      return (
        <StepCard
          title={t(started ? 'dashboard.next.continueTitle' : 'dashboard.next.startTitle', values)}
          body={t(started ? 'dashboard.next.continueBody' : 'dashboard.next.startBody', values)}
          action={goToSurveys(t(started ? 'dashboard.next.continueButton' : 'dashboard.next.startButton'))}
        />
      );
    }
    case 'waitForNextRound':
      return (
        <StepCard
          title={t('dashboard.next.doneTitle')}
          body={t('dashboard.next.waitBody', { date: formatDate(step.opensAt!) })}
        />
      );
    case 'allDone':
      return <StepCard title={t('dashboard.next.doneTitle')} body={t('dashboard.next.doneBody')} />;
  }
}
