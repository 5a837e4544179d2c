import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { CHANGE_PASSWORD_MESSAGES, changePasswordSchema } from '@portal/shared/password/change-password';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { PasswordChecklist } from '../../../components/ui/PasswordChecklist';
import { PasswordField } from '../../../components/ui/PasswordField';
import { serverMessage } from '../../../lib/api-client';
import { usePasswordPolicy } from '../../../lib/reference-data';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { changePassword } from '../api/account-api';
import { FormActions } from './FormActions';

interface PasswordValues {
  password: string;
  newPassword: string;
}

/** Change Password: the current password, then a new one under the policy, at most once in 24 hours. */
export function ChangePasswordTab() {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  if (!policy.data) return <CircularProgress aria-label={t('common.loading')} />;
  return <ChangePasswordForm policy={policy.data} />;
}

function ChangePasswordForm({ policy }: { policy: TPasswordPolicy }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordSchema(policy)),
    defaultValues: { password: '', newPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const reply = await changePassword(values);
      reset();
      setOutcome({ ok: true, message: reply.message ?? CHANGE_PASSWORD_MESSAGES.changed });
    } catch (error) {
      const unplaced = applyServerErrors(serverFieldErrors(error), ['password', 'newPassword'], setError);
      const placed = serverFieldErrors(error).length > unplaced.length;
      // A refusal the fields already show needs no second message; a lost connection has its own.
      if (!placed) setOutcome({ ok: false, message: serverMessage(error) ?? CHANGE_PASSWORD_MESSAGES.network });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
      <PasswordField
        {...register('password')}
        label={t('account.password.current')}
        autoComplete="current-password"
        errorMessage={errors.password?.message}
      />
      <PasswordField
        {...register('newPassword')}
        label={t('account.password.new')}
        autoComplete="new-password"
        errorMessage={errors.newPassword?.message}
        describedBy="new-password-hint new-password-rules"
      />
      <Typography id="new-password-hint" variant="body2" sx={{ mt: 1 }}>
        {t('account.password.hint', { min: policy.minLength })}
      </Typography>
      <PasswordChecklist id="new-password-rules" policy={policy} password={newPassword ?? ''} />
      <div role="status">
        {outcome?.ok && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t(outcome.message, { defaultValue: outcome.message })}
          </Alert>
        )}
      </div>
      {outcome && !outcome.ok && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(outcome.message, { defaultValue: outcome.message })}
        </Alert>
      )}
      <FormActions busy={busy} />
    </Box>
  );
}
