import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { ZForgotPasswordForm, type TForgotPasswordForm } from '@portal/shared/password/reset-password';
import { EMAIL_MAX_LENGTH } from '@portal/shared/registration/registration-form';
import { FormTextField } from '../../components/ui/FormTextField';
import { OutcomePanel } from '../../components/ui/OutcomePanel';
import { PageHeading } from '../../components/ui/PageHeading';
import { SubmitButton } from '../../components/ui/SubmitButton';
import { serverMessage } from '../../lib/api-client';
import { useDowntime } from '../../lib/downtime';
import { useRequestReset } from './api/password-api';

/** /forgot-password: an e-mail address, and a reset link sent to it if it has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestReset();
  const inDowntime = useDowntime().data?.inDowntime === true;
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<TForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: '' },
    mode: 'onSubmit',
  });
  const submit = handleSubmit(({ email }) => request.mutate(email.trim()));

  return (
    <PageHeading title={t('pages.forgotPassword')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560 }}>
        {request.isSuccess ? (
          <OutcomePanel>
            <Alert severity="success" sx={{ mb: 3 }}>
              {request.data.message || t('password.resetRequested')}
            </Alert>
            <Typography sx={{ mb: 2 }}>{t('password.sentTo', { email: getValues('email').trim() })}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <Button component={RouterLink} to="/login-patient" variant="contained" size="large">
                {t('password.back')}
              </Button>
              <Button
                variant="text"
                size="large"
                onClick={() => {
                  reset();
                  request.reset();
                }}
              >
                {t('password.tryAnotherAddress')}
              </Button>
            </Box>
          </OutcomePanel>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Typography sx={{ mb: 1 }}>{t('password.forgotIntro')}</Typography>
            {inDowntime && (
              <Alert severity="warning" sx={{ my: 2 }}>
                {t('error.systemDown')}
              </Alert>
            )}
            <FormTextField
              {...register('email')}
              label={t('login.email')}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              errorMessage={errors.email?.message}
            />
            {request.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {serverMessage(request.error) ?? t('error.generic')}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, mt: 3 }}>
              <SubmitButton
                busy={request.isPending}
                disabled={inDowntime}
                label={t(request.isPending ? 'password.sending' : 'password.submit')}
              />
              <Link component={RouterLink} to="/login-patient">
                {t('password.back')}
              </Link>
            </Box>
          </Box>
        )}
      </Paper>
    </PageHeading>
  );
}
