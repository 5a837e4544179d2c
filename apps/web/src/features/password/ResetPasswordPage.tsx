import { Alert, Box, Button, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { NewPasswordForm } from '../../components/password/NewPasswordForm';
import { OutcomePanel } from '../../components/ui/OutcomePanel';
import { PageHeading } from '../../components/ui/PageHeading';
import { ApiError, serverMessage } from '../../lib/api-client';
import { useDowntime } from '../../lib/downtime';
import { usePasswordPolicy } from '../../lib/reference-data';
import { useResetPassword, useVerifyResetLink } from './api/password-api';

/** /reset-password?token=&id=: checks the e-mailed link, then takes the new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const id = params.get('id');
  const link = useVerifyResetLink(token, id);
  const reset = useResetPassword();
  const policy = usePasswordPolicy();
  const inDowntime = useDowntime().data?.inDowntime === true;
  // A refused link (or one missing its token or id) reads as expired or invalid.
  const expired =
    !token || !id || (link.error instanceof ApiError && link.error.status === 400) || isLinkRefusal(reset.error);

  return (
    <PageHeading title={t('pages.resetPassword')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560 }}>
        {expired ? (
          // Focus moves here only when a reset just met a dead link, not when the page opens on one.
          <OutcomePanel focus={isLinkRefusal(reset.error)}>
            <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
              {t('password.linkExpiredTitle')}
            </Typography>
            <Alert severity="error" sx={{ mb: 3 }}>
              {t('error.password.linkInvalid')}
            </Alert>
            <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
              {t('password.askNewLink')}
            </Button>
          </OutcomePanel>
        ) : reset.isSuccess ? (
          <OutcomePanel>
            <Alert severity="success" sx={{ mb: 3 }}>
              {reset.data.message || t('password.resetDone')}
            </Alert>
            <Button component={RouterLink} to="/login-patient" variant="contained" size="large">
              {t('password.login')}
            </Button>
          </OutcomePanel>
        ) : link.isSuccess && policy.data ? (
          <>
            <Typography sx={{ mb: 1 }}>{t('password.resetIntro')}</Typography>
            <NewPasswordForm
              policy={policy.data}
              labels={{
                password: t('password.newPassword'),
                confirmPassword: t('password.confirmPassword'),
                submit: t('password.save'),
                submitting: t('password.saving'),
              }}
              disabled={inDowntime}
              busy={reset.isPending}
              failure={reset.error ?? undefined}
              onSubmit={(values) => reset.mutate({ token: token!, userId: id!, ...values })}
            />
          </>
        ) : link.isError ? (
          <Alert severity="error">{serverMessage(link.error) ?? t('error.generic')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('password.checkingLink')}</Typography>
          </Box>
        )}
        {!reset.isSuccess && (
          <Typography sx={{ mt: 3 }}>
            <Link component={RouterLink} to="/login-patient">
              {t('password.back')}
            </Link>
          </Typography>
        )}
      </Paper>
    </PageHeading>
  );
}

/** A reset refused because the link is no longer usable (used meanwhile, or expired while the form was open). */
function isLinkRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.data === undefined;
}
