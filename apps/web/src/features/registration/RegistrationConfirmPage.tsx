import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import { ApiError, serverMessage } from '../../lib/api-client';
import { useRegistrationConfirm, useResendActivation } from './api/registration-api';
import { ResendOutcome } from './components/ResendOutcome';

/** /registration-confirm?token=&id=: uses the e-mailed link and says how it went. */
export default function RegistrationConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const id = params.get('id');
  const confirm = useRegistrationConfirm(token, id);
  const resend = useResendActivation();
  // A refused link reads as expired; anything else (no connection, too many tries) says so.
  const expired = !token || !id || (confirm.error instanceof ApiError && confirm.error.status === 400);
  const otherFailure = confirm.isError && !expired;

  return (
    <PageHeading title={t('pages.registrationConfirm')}>
      <Box sx={{ maxWidth: 640 }} aria-live="polite">
        {confirm.isPending && !expired && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('registration.confirm.activating')}</Typography>
          </Box>
        )}
        {otherFailure && <Alert severity="error">{serverMessage(confirm.error) ?? t('error.generic')}</Alert>}
        {confirm.isSuccess && (
          <>
            <Alert severity="success" sx={{ mb: 3 }}>
              {confirm.data.message || t('registration.activated')}
            </Alert>
            <Button component={RouterLink} to="/login-patient" variant="contained" size="large">
              {t('registration.confirm.login')}
            </Button>
          </>
        )}
        {expired && (
          <>
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('registration.linkExpired')}
            </Alert>
            <Typography sx={{ mb: 2 }}>
              <Link component={RouterLink} to="/register-patient">
                {t('registration.confirm.signUp')}
              </Link>
            </Typography>
            <Typography sx={{ mb: 2 }}>
              {t('registration.confirm.alreadyActive')}{' '}
              <Link component={RouterLink} to="/login-patient">
                {t('registration.confirm.login')}
              </Link>
            </Typography>
            {id && (
              <Button
                variant="outlined"
                size="large"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() => resend.mutate({ id })}
              >
                {t('registration.confirm.newLink')}
              </Button>
            )}
            <Box sx={{ mt: 2 }}>
              <ResendOutcome resend={resend} />
            </Box>
          </>
        )}
      </Box>
    </PageHeading>
  );
}
