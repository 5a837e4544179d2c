import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import { ZLoginOtpRequest, type TLoginResult } from '@portal/shared/auth/login';
import { EMAIL_CODE_MAX_LENGTH } from '@portal/shared/constants';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { loginErrorCode } from '../../../lib/server-errors';
import { loginErrorMessage, verifyLoginCode } from '../api/auth-api';

const ZCodeForm = ZLoginOtpRequest.pick({ otp: true });
type CodeValues = z.infer<typeof ZCodeForm>;

interface CodeFormProps {
  email: string;
  onSignedIn(result: TLoginResult): void;
  /** Sends a new code (a new login with the same e-mail and password). */
  onResend(): Promise<void>;
  /** Back to the e-mail and password. */
  onRestart(): void;
}

/** 'Verify your email address': the e-mailed code completes the sign-in. */
export function CodeForm({ email, onSignedIn, onResend, onRestart }: CodeFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<{ message: string; expired: boolean }>();
  const [resent, setResent] = useState(false);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({ resolver: zodResolver(ZCodeForm), defaultValues: { otp: '' }, mode: 'onSubmit' });

  const submit = handleSubmit(async ({ otp }) => {
    setFailure(undefined);
    try {
      onSignedIn(await verifyLoginCode(otp.trim(), email));
    } catch (error) {
      resetField('otp');
      setFailure({ message: loginErrorMessage(error), expired: loginErrorCode(error) === 'LOGIN_OTP_EXPIRED' });
    }
  });

  const resend = async () => {
    setFailure(undefined);
    resetField('otp');
    try {
      await onResend();
      setResent(true);
    } catch (error) {
      setFailure({ message: loginErrorMessage(error), expired: false });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t('login.verifyTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('login.verifyBody', { email })}</Typography>
      <FormTextField
        {...register('otp')}
        label={t('login.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={EMAIL_CODE_MAX_LENGTH}
        errorMessage={errors.otp?.message}
      />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(failure.message, { defaultValue: failure.message })}{' '}
          {failure.expired && (
            <Link component="button" type="button" onClick={onRestart}>
              {t('login.backToLogin')}
            </Link>
          )}
        </Alert>
      )}
      {resent && !failure && (
        <Alert severity="success" sx={{ mt: 2 }} aria-live="polite">
          {t('login.codeResent')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <SubmitButton busy={isSubmitting} label={t(isSubmitting ? 'login.verifying' : 'login.verify')} />
        <Button variant="text" size="large" onClick={() => void resend()} disabled={isSubmitting}>
          {t('login.resendCode')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <Link component="button" type="button" onClick={onRestart}>
          {t('login.useAnotherAccount')}
        </Link>
      </Typography>
    </Box>
  );
}
