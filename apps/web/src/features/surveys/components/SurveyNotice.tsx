import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../app/session';
import { useSurveyNotification } from '../api/survey-api';

/** A card of the home page while a round questionnaire or a one-time survey waits (`GET /survey/notification`). */
export function SurveyNotice() {
  const { t } = useTranslation();
  const { session } = useSession();
  const participant = Boolean(session && !session.isAdmin);
  const notification = useSurveyNotification(participant);
  const flags = notification.data;
  if (!participant || !flags || (!flags.generalSurveyOpen && !flags.oneTimeSurveyOpen)) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="survey-notice-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h5" component="h2" id="survey-notice-title">
          {t('survey.notice.title')}
        </Typography>
        {flags.generalSurveyOpen && <Typography sx={{ mt: 1 }}>{t('survey.notice.general')}</Typography>}
        {flags.oneTimeSurveyOpen && <Typography sx={{ mt: 1 }}>{t('survey.notice.oneTime')}</Typography>}
      </CardContent>
      <CardActions>
        <Button variant="contained" component={RouterLink} to="/survey">
          {t('survey.notice.button')}
        </Button>
      </CardActions>
    </Card>
  );
}
