import { Box, Link, Typography } from '@mui/material';
import { useState } from 'react';
import type { TLoginResult } from '@portal/shared/auth/login';
import type { FactorKind } from '@portal/shared/staff/second-factor';
import { FactorChallenge, firstMethod, type ChallengeMethod } from '../../../components/second-factor/FactorChallenge';
import { loginErrorCode } from '../../../lib/server-errors';
import { useTranslation } from '../../../lib/use-translation';
import { verifyLoginCode, verifyLoginPasskey } from '../api/auth-api';

/** The step's heading names what it asks for. */
const TITLES: Record<ChallengeMethod, string> = {
  app: 'login.factor.appTitle',
  passkey: 'login.factor.passkeyTitle',
  recovery: 'login.factor.recoveryTitle',
};

interface StaffFactorFormProps {
  email: string;
  /** The factors the staff member has. */
  factors: readonly FactorKind[];
  onSignedIn(result: TLoginResult): void;
  /** Back to the e-mail and password. */
  onRestart(): void;
}

/**
 * A staff member's second step: the authenticator app's code, their passkey, or a recovery code, whichever they
 * choose among what they have. A wrong code is refused in the server's words; an expired attempt leads back.
 */
export function StaffFactorForm({ email, factors, onSignedIn, onRestart }: StaffFactorFormProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState(() => firstMethod(factors));
  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t(TITLES[method])}
      </Typography>
      <FactorChallenge
        factors={factors}
        method={method}
        onMethodChange={setMethod}
        verifyCode={async (otp) => onSignedIn(await verifyLoginCode(otp, email))}
        verifyPasskey={async () => onSignedIn(await verifyLoginPasskey())}
        failureAction={(error) =>
          loginErrorCode(error) === 'LOGIN_OTP_EXPIRED' && (
            <Link component="button" type="button" onClick={onRestart}>
              {t('login.backToLogin')}
            </Link>
          )
        }
      />
      <Typography sx={{ mt: 3 }}>
        <Link component="button" type="button" onClick={onRestart}>
          {t('login.useAnotherAccount')}
        </Link>
      </Typography>
    </Box>
  );
}
