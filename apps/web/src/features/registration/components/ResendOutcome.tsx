import { Alert } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { serverMessage } from '../../../lib/api-client';
import type { useResendActivation } from '../api/registration-api';

/** What came of asking for a new activation e-mail: the server's message, or why it failed. */
export function ResendOutcome({ resend }: { resend: ReturnType<typeof useResendActivation> }) {
  const { t } = useTranslation();
  if (resend.isSuccess) return <Alert severity="success">{resend.data.message ?? t('registration.resent')}</Alert>;
  if (resend.isError) return <Alert severity="error">{serverMessage(resend.error) ?? t('error.generic')}</Alert>;
  return null;
}
