import { Alert, Box, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { accountInformationSchema, EMAIL_MAX_LENGTH } from '@portal/shared/registration/registration-form';
import { validateCredentials } from '../api/registration-api';
import { FormTextField } from '../../../components/ui/FormTextField';
import { PasswordField } from '../../../components/ui/PasswordField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { PasswordChecklist } from '../../../components/ui/PasswordChecklist';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { serverMessage } from '../../../lib/api-client';

export interface AccountValues {
  email: string;
  password: string;
}

interface AccountStepProps {
  policy: TPasswordPolicy;
  actionsDisabled?: boolean;
  initial: AccountValues;
  notice?: string;
  backButton?: React.ReactNode;
  onDone(values: AccountValues): void;
}

/** Step 2: e-mail and password, checked here and then by `POST /validateCredentials` before step 3. */
export function AccountStep({ policy, actionsDisabled, initial, notice, backButton, onDone }: AccountStepProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AccountValues>({
    resolver: zodResolver(accountInformationSchema(policy)),
    defaultValues: initial,
    // Checked on Next, then as the person corrects: a message appearing on blur would move the button away.
    mode: 'onSubmit',
  });

  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await validateCredentials(values.email, values.password);
      onDone(values);
    } catch (error) {
      const unplaced = applyServerErrors(serverFieldErrors(error), ['email', 'password'], setError);
      if (unplaced.length > 0 || serverFieldErrors(error).length === 0) {
        setFormError(serverMessage(error) ?? 'error.generic');
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography sx={{ mb: 2 }}>{t('registration.account.intro')}</Typography>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(notice)}
        </Alert>
      )}
      <FormTextField
        {...register('email')}
        label={t('registration.fields.email')}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        errorMessage={errors.email?.message}
      />
      <PasswordField
        {...register('password')}
        label={t('registration.fields.password')}
        autoComplete="new-password"
        errorMessage={errors.password?.message}
        describedBy="password-rules"
      />
      <PasswordChecklist id="password-rules" policy={policy} password={password ?? ''} />
      {formError && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {t(formError, { defaultValue: formError })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
        <span>{backButton}</span>
        <SubmitButton
          busy={isSubmitting}
          disabled={actionsDisabled}
          label={t(isSubmitting ? 'registration.checking' : 'registration.next')}
        />
      </Box>
    </Box>
  );
}
