import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { newPasswordSchema, PASSWORD_RESET_MESSAGES, type TNewPassword } from '@portal/shared/password/reset-password';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { PasswordChecklist } from '../../../components/ui/PasswordChecklist';
import { PasswordField } from '../../../components/ui/PasswordField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { ApiError, serverMessage } from '../../../lib/api-client';

interface NewPasswordFormProps {
  policy: TPasswordPolicy;
  disabled: boolean;
  busy: boolean;
  /** The server's refusal of the last try: its message shows, and the confirmation is cleared. */
  failure?: Error;
  onSubmit(values: TNewPassword): void;
}

/** New password and its confirmation, with the policy ticked off as the person types. */
export function NewPasswordForm({ policy, disabled, busy, failure, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    resetField,
    formState: { errors },
  } = useForm<TNewPassword>({
    resolver: zodResolver(newPasswordSchema(policy)),
    defaultValues: { password: '', newPassword: '' },
    mode: 'onSubmit',
  });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (!failure) return;
    resetField('newPassword');
    const details = failure instanceof ApiError && Array.isArray(failure.data) ? failure.data : [];
    for (const detail of details as { errorField?: string; message?: string }[]) {
      if ((detail.errorField === 'password' || detail.errorField === 'newPassword') && detail.message) {
        setError(detail.errorField, { message: detail.message });
      }
    }
  }, [failure, resetField, setError]);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit, (invalid) => {
        // A confirmation that does not match is typed again from scratch, as after a refusal by the server.
        if (invalid.newPassword?.message === PASSWORD_RESET_MESSAGES.mustMatch) setValue('newPassword', '');
      })}
    >
      <Typography sx={{ mb: 1 }}>{t('password.resetIntro')}</Typography>
      {disabled && (
        <Alert severity="warning" sx={{ my: 2 }}>
          {t('error.systemDown')}
        </Alert>
      )}
      <PasswordField
        {...register('password')}
        label={t('password.newPassword')}
        autoComplete="new-password"
        errorMessage={errors.password?.message}
        describedBy="password-rules"
      />
      <PasswordChecklist id="password-rules" policy={policy} password={password ?? ''} />
      <PasswordField
        {...register('newPassword')}
        label={t('password.confirmPassword')}
        autoComplete="new-password"
        errorMessage={errors.newPassword?.message}
      />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {serverMessage(failure) ?? t('error.generic')}
        </Alert>
      )}
      <Box sx={{ mt: 3 }}>
        <SubmitButton busy={busy} disabled={disabled} label={t(busy ? 'password.saving' : 'password.save')} />
      </Box>
    </Box>
  );
}
