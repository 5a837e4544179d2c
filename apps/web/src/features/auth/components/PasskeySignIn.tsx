import { Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import type { TLoginResult } from '@portal/shared/auth/login';
import { FailureAlert } from '../../../components/second-factor/FailureAlert';
import { useWebAuthnSupport } from '../../../components/second-factor/webauthn';
import { useTranslation } from '../../../lib/use-translation';
import { signInWithPasskey } from '../api/auth-api';

/**
 * "Sign in with a passkey": a staff member's passkey alone, without e-mail or password (it says whose account it
 * is). Not shown in a browser that has no passkeys.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn(result: TLoginResult): void }) {
  const { t } = useTranslation();
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  if (!supported) return null;

  const run = async () => {
    setFailure(undefined);
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        variant="outlined"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        onClick={() => void run()}
      >
        {t(busy ? 'secondFactor.challenge.waitingPasskey' : 'login.passkey')}
      </Button>
      {failure !== undefined && <FailureAlert error={failure} />}
    </Box>
  );
}
