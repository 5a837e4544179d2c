import { useState } from 'react';
import { Alert, AlertTitle, Button, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { useSurveyNotification } from '../api/survey-api';

/** Pages that already say what waits: the Surveys screen itself, and the home page's next step. */
const SILENT_ON = ['/survey', '/dashboard'];

/**
 * A notice under the header, on a participant's other pages, while a round questionnaire or a one-time survey
 * waits (`GET /survey/notification`); it can be dismissed until the next page load.
 */
export function SurveyNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session } = useSession();
  const [dismissed, setDismissed] = useState(false);
  const participant = Boolean(session && !session.isAdmin);
  const flags = useSurveyNotification(participant).data;
  if (!participant || dismissed || !flags || SILENT_ON.some((path) => pathname.startsWith(path))) return null;
  if (!flags.generalSurveyOpen && !flags.oneTimeSurveyOpen) return null;
  return (
    <Alert
      component="section"
      // A standing notice, not an alarm: a named region rather than MUI's default role="alert".
      role="region"
      aria-labelledby="survey-notice-title"
      severity="info"
      square
      action={
        <>
          <Button color="inherit" component={RouterLink} to="/survey" sx={{ fontWeight: 700 }}>
            {t('survey.notice.button')}
          </Button>
          <IconButton color="inherit" aria-label={t('shell.dismissBanner')} onClick={() => setDismissed(true)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <AlertTitle id="survey-notice-title" sx={{ mb: 0 }}>
        {t('survey.notice.title')}
      </AlertTitle>
      {[flags.generalSurveyOpen && t('survey.notice.general'), flags.oneTimeSurveyOpen && t('survey.notice.oneTime')]
        .filter(Boolean)
        .join(' ')}
    </Alert>
  );
}
