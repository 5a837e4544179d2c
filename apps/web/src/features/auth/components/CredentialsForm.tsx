import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { ZLoginRequest, type TLoginRequest, type TLoginResult } from '@portal/shared/auth/login';
import { EMAIL_MAX_LENGTH } from '@portal/shared/registration/registration-form';
import { FormTextField } from '../../../components/ui/FormTextField';
import { serverMessage } from '../../../lib/api-client';
import { PasswordField } from '../../../components/ui/PasswordField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { loginErrorCode } from '../../../lib/server-errors';
import { login, loginErrorMessage, useResendActivation } from '../api/auth-api';
import { PasskeySignIn } from './PasskeySignIn';

interface CredentialsFormProps {
  onSignedIn(result: TLoginResult, credentials: TLoginRequest): void;
  /** A staff member signed in with a passkey alone. */
  onPasskeySignedIn(result: TLoginResult): void;
}

/** E-mail and password, Forgot Password, Login with a spinner, Sign in with a passkey, and Sign Up. */
export function CredentialsForm({ onSignedIn, onPasskeySignedIn }: CredentialsFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<{ message: string; notActive: boolean }>();
  const resend = useResendActivation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
  });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    resend.reset();
    try {
      onSignedIn(await login(values.email.trim(), values.password), values);
    } catch (error) {
      setFailure({ message: loginErrorMessage(error), notActive: loginErrorCode(error) === 'ACCOUNT_NOT_ACTIVE' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
      <FormTextField
        {...register('email')}
        label={t('login.email')}
        type="email"
        autoComplete="username"
        maxLength={EMAIL_MAX_LENGTH}
        errorMessage={errors.email?.message}
      />
      <PasswordField
        {...register('password')}
        label={t('login.password')}
        autoComplete="current-password"
        errorMessage={errors.password?.message}
      />
      <Typography sx={{ mt: 1 }}>
        <Link component={RouterLink} to="/forgot-password">
          {t('login.forgotPassword')}
        </Link>
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(failure.message, { defaultValue: failure.message })}
        </Alert>
      )}
      {failure?.notActive && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Button
            variant="outlined"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate(getValues('email').trim())}
          >
            {t('login.resendActivation')}
          </Button>
          {resend.isSuccess && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {resend.data.message || t('login.activationResent')}
            </Alert>
          )}
          {resend.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {serverMessage(resend.error) ?? t('error.generic')}
            </Alert>
          )}
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <SubmitButton busy={isSubmitting} label={t(isSubmitting ? 'login.signingIn' : 'login.submit')} />
      </Box>
      <PasskeySignIn onSignedIn={onPasskeySignedIn} />
      <Typography sx={{ mt: 3 }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to="/register-patient">
          {t('nav.signUp')}
        </Link>
      </Typography>
    </Box>
  );
}
