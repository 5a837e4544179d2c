import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box } from '@mui/material';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { newPasswordSchema, PASSWORD_RESET_MESSAGES, type TNewPassword } from '@portal/shared/password/reset-password';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { serverMessage } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/server-errors';
import { useTranslation } from '../../lib/use-translation';
import { PasswordChecklist } from '../ui/PasswordChecklist';
import { PasswordField } from '../ui/PasswordField';
import { SubmitButton } from '../ui/SubmitButton';

const RULES_ID = 'password-rules';
const isBox = (field: string): field is keyof TNewPassword => field === 'password' || field === 'newPassword';

/** The server's refusals of the boxes themselves (a password too weak, say). */
const boxRefusals = (failure: Error | undefined) =>
  serverFieldErrors(failure).flatMap(({ errorField, message }) =>
    isBox(errorField) && message ? [{ box: errorField, message }] : [],
  );

interface NewPasswordFormProps {
  policy: TPasswordPolicy;
  /** The page's own words for the two boxes and the button. */
  labels: { password: string; confirmPassword: string; submit: string; submitting: string };
  disabled: boolean;
  busy: boolean;
  /** The server's refusal of the last try: a refused box shows why, and the confirmation is cleared. */
  failure?: Error;
  /**
   * For a server whose message only repeats its refusal of a box: the refusal then shows under the box alone,
   * and the box takes the focus so it is read out. Otherwise the message also shows above the button.
   */
  refusalInBoxOnly?: boolean;
  onSubmit(values: TNewPassword): void;
}

/** A new password and its confirmation, with the security policy ticked off as the person types. */
export function NewPasswordForm({
  policy,
  labels,
  disabled,
  busy,
  failure,
  refusalInBoxOnly = false,
  onSubmit,
}: NewPasswordFormProps) {
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
  const messageHidden = refusalInBoxOnly && boxRefusals(failure).length > 0;

  useEffect(() => {
    if (!failure) return;
    // After any refusal the confirmation is typed again from scratch.
    resetField('newPassword');
    boxRefusals(failure).forEach(({ box, message }, i) =>
      setError(box, { message }, { shouldFocus: refusalInBoxOnly && i === 0 }),
    );
  }, [failure, refusalInBoxOnly, resetField, setError]);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit, (invalid) => {
        // A confirmation that does not match is typed again from scratch, as after a refusal by the server.
        if (invalid.newPassword?.message === PASSWORD_RESET_MESSAGES.mustMatch) setValue('newPassword', '');
      })}
    >
      {disabled && (
        <Alert severity="warning" sx={{ my: 2 }}>
          {t('error.systemDown')}
        </Alert>
      )}
      <PasswordField
        {...register('password')}
        label={labels.password}
        autoComplete="new-password"
        errorMessage={errors.password?.message}
        describedBy={RULES_ID}
      />
      <PasswordChecklist id={RULES_ID} policy={policy} password={password ?? ''} />
      <PasswordField
        {...register('newPassword')}
        label={labels.confirmPassword}
        autoComplete="new-password"
        errorMessage={errors.newPassword?.message}
      />
      {failure && !messageHidden && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {serverMessage(failure) ?? t('error.generic')}
        </Alert>
      )}
      <Box sx={{ mt: 3 }}>
        <SubmitButton busy={busy} disabled={disabled} label={busy ? labels.submitting : labels.submit} />
      </Box>
    </Box>
  );
}
