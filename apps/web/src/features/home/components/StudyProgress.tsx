import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@portal/shared/dates';
import type { TParticipantDashboard } from '@portal/shared/home/home';
import { STATUS_LABELS, titleOf } from '@portal/shared/surveys/survey-entries';

type StepState = 'done' | 'current' | 'upcoming';

const STATE_LABELS: Record<StepState, string> = {
  done: 'dashboard.progress.done',
  current: 'dashboard.progress.current',
  upcoming: 'dashboard.progress.upcoming',
};

const ICONS: Record<StepState, ReactNode> = {
  done: <CheckCircleIcon aria-hidden sx={{ color: 'success.dark' }} />,
  current: <RadioButtonCheckedIcon aria-hidden sx={{ color: 'primary.main' }} />,
  upcoming: <RadioButtonUncheckedIcon aria-hidden sx={{ color: 'text.secondary' }} />,
};

/** One step of the way through the study: its state in words (the icon only repeats it), a line or two under it. */
function Step({ state, title, children }: { state: StepState; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box sx={{ pt: 0.25 }}>{ICONS[state]}</Box>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
          {title}
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {' — '}
            {t(STATE_LABELS[state])}
          </Box>
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/** Where the participant is in the study: account, consent, this round's questionnaires, one-time surveys. */
export function StudyProgress({ dashboard }: { dashboard: TParticipantDashboard }) {
  const { t, i18n } = useTranslation();
  const { consent, currentRound, oneTime, nextRoundOpensAt } = dashboard;
  const submitted = currentRound.filter((entry) => entry.status === 'submitted').length;
  const roundState: StepState = !consent.signed
    ? 'upcoming'
    : currentRound.length > 0 && submitted < currentRound.length
      ? 'current'
      : 'done';
  return (
    <Card component="section" aria-labelledby="progress-title" variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h5" id="progress-title">
          {t('dashboard.progress.heading')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          <Step state="done" title={t('dashboard.progress.account')}>
            <Typography>{t('dashboard.progress.accountDone')}</Typography>
          </Step>
          <Step state={consent.signed ? 'done' : 'current'} title={t('dashboard.progress.consent')}>
            {consent.signed ? (
              <>
                <Typography>{t('dashboard.progress.consentSigned', { date: consent.signedDate ?? '' })}</Typography>
                <Link component={RouterLink} to="/profile-settings?tab=consent">
                  {t('dashboard.progress.viewConsent')}
                </Link>
              </>
            ) : (
              <Typography>{t('dashboard.progress.consentWaiting')}</Typography>
            )}
          </Step>
          <Step state={roundState} title={t('dashboard.progress.questionnaires')}>
            {!consent.signed && <Typography>{t('dashboard.progress.afterConsent')}</Typography>}
            {currentRound.length > 0 && (
              <>
                <Typography>
                  {t('dashboard.progress.roundCount', {
                    submitted,
                    count: currentRound.length,
                    date: formatDate(currentRound[0]!.closesAt),
                  })}
                </Typography>
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {currentRound.map((entry) => (
                    <li key={entry.formKey}>
                      {titleOf(entry, i18n.language)}: {t(STATUS_LABELS[entry.status])}
                    </li>
                  ))}
                </Box>
              </>
            )}
            {consent.signed && currentRound.length === 0 && nextRoundOpensAt && (
              <Typography>{t('dashboard.progress.nextRound', { date: formatDate(nextRoundOpensAt) })}</Typography>
            )}
          </Step>
          {oneTime.map((entry) => (
            <Step
              key={entry.oneTimeSurveyId}
              state="current"
              title={t('dashboard.progress.oneTime', { title: titleOf(entry, i18n.language) })}
            >
              <Typography>
                {t(STATUS_LABELS[entry.status])} · {t('survey.openUntil', { date: formatDate(entry.closesAt) })}
              </Typography>
            </Step>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
