import { Box, Button, Link, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { TAccessTokenResponse } from '@portal/shared/auth/token-pair';
import type { ZEnrolled } from '@portal/shared/staff/second-factor';
import { useTranslation } from '../../lib/use-translation';
import { OutcomePanel } from '../ui/OutcomePanel';
import { AppSetupStep } from './AppSetupStep';
import { attemptExpired } from './FailureAlert';
import { PasskeySetupStep } from './PasskeySetupStep';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { confirmAppEnrolment, enrolPasskey, startAppEnrolment } from './second-factor-api';
import { useWebAuthnSupport } from './webauthn';

type Enrolled = z.infer<typeof ZEnrolled>;
type Step = 'choose' | 'app' | 'passkey' | Enrolled;

interface SecondFactorEnrolmentProps {
  /** Back to the password, once the login attempt behind the enrolment has expired. */
  onRestart(): void;
  /** The codes were saved: the session the enrolment opened, held in memory until now, may start. */
  onDone(tokens: TAccessTokenResponse): void;
}

/**
 * "Set up a second way to sign in": a staff account needs an authenticator app or a passkey besides its password.
 * Once one is proven, its recovery codes are shown once; Continue, after the box saying they were saved, signs in.
 */
export function SecondFactorEnrolment({ onRestart, onDone }: SecondFactorEnrolmentProps) {
  const { t } = useTranslation();
  const helpId = useId();
  const passkeys = useWebAuthnSupport();
  const [step, setStep] = useState<Step>('choose');
  // Focus follows the step the reader moved to; not on the first one, which the page itself opens on.
  const [moved, setMoved] = useState(false);
  const go = (next: Step) => {
    setMoved(true);
    setStep(next);
  };

  if (typeof step === 'object') {
    return (
      <OutcomePanel key="codes">
        <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
          {t('secondFactor.recovery.title')}
        </Typography>
        <RecoveryCodesPanel codes={step.recoveryCodes} onContinue={() => onDone(step.accessTokenResponse)} />
      </OutcomePanel>
    );
  }

  const back = (
    <Button size="large" onClick={() => go('choose')}>
      {t('secondFactor.enrol.back')}
    </Button>
  );
  const failureAction = (error: unknown) =>
    attemptExpired(error) ? (
      <Link component="button" type="button" onClick={onRestart}>
        {t('secondFactor.enrol.backToSignIn')}
      </Link>
    ) : undefined;

  return (
    <OutcomePanel key={step} focus={moved}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t('secondFactor.enrol.title')}
      </Typography>
      {step === 'choose' && (
        <>
          <Typography sx={{ mb: 3 }}>{t('secondFactor.enrol.intro')}</Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3 }}>
            <li>
              <Button variant="contained" size="large" aria-describedby={`${helpId}-app`} onClick={() => go('app')}>
                {t('secondFactor.kinds.app')}
              </Button>
              <Typography id={`${helpId}-app`} color="text.secondary" sx={{ mt: 1 }}>
                {t('secondFactor.enrol.appHelp')}
              </Typography>
            </li>
            {passkeys && (
              <li>
                <Button
                  variant="contained"
                  size="large"
                  aria-describedby={`${helpId}-passkey`}
                  onClick={() => go('passkey')}
                >
                  {t('secondFactor.passkey.create')}
                </Button>
                <Typography id={`${helpId}-passkey`} color="text.secondary" sx={{ mt: 1 }}>
                  {t('secondFactor.enrol.passkeyHelp')}
                </Typography>
              </li>
            )}
          </Box>
        </>
      )}
      {step === 'app' && (
        <AppSetupStep
          start={startAppEnrolment}
          confirm={async ({ factorId, otp }) => go(await confirmAppEnrolment({ factorId, otp }))}
          back={back}
          failureAction={failureAction}
        />
      )}
      {step === 'passkey' && (
        <PasskeySetupStep
          create={async (name) => go(await enrolPasskey(name))}
          back={back}
          failureAction={failureAction}
        />
      )}
    </OutcomePanel>
  );
}
