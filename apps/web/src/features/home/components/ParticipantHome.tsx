import { useState, type ComponentType } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { TParticipantDashboard } from '@portal/shared/home/home';
import { NextStepCard } from './NextStepCard';
import { StudyLinks } from './StudyLinks';
import { StudyProgress } from './StudyProgress';

/**
 * Once closed, the ceremony no longer opens by itself until the participant signs in again (session storage is
 * cleared at every sign-out): "Sign later" is honoured however often the home page is shown.
 */
const POSTPONED_KEY = 'consent-ceremony-postponed';
const ceremonyPostponed = () => sessionStorage.getItem(POSTPONED_KEY) === '1';
const postponeCeremony = () => sessionStorage.setItem(POSTPONED_KEY, '1');

/** The consent feature's signing ceremony, as the router hands it in. */
export type ConsentCeremonyComponent = ComponentType<{ open: boolean; onClose(): void }>;

/** A participant's home: a greeting, the one next step, the way through the study so far, and further reading. */
export function ParticipantHome({
  dashboard,
  ConsentCeremony,
  openCeremonyAtFirst,
}: {
  dashboard: TParticipantDashboard;
  ConsentCeremony: ConsentCeremonyComponent;
  /** The token says consent is not signed: the ceremony opens at once, unless closed earlier in this sign-in. */
  openCeremonyAtFirst: boolean;
}) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState(
    () => openCeremonyAtFirst && !dashboard.consent.signed && !ceremonyPostponed(),
  );
  return (
    <>
      <Typography sx={{ fontSize: '1.2rem', mb: 3 }}>
        {dashboard.firstName ? t('dashboard.welcome', { name: dashboard.firstName }) : t('dashboard.welcomeNoName')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <NextStepCard step={dashboard.nextStep} onSignConsent={() => setSigning(true)} />
        <StudyProgress dashboard={dashboard} />
      </Box>
      <StudyLinks />
      <ConsentCeremony
        open={signing}
        onClose={() => {
          postponeCeremony();
          setSigning(false);
        }}
      />
    </>
  );
}
