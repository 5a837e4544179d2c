import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZAddPasskeyRequest } from '@portal/shared/staff/second-factor';
import { useTranslation } from '../../lib/use-translation';
import { FactorNameField } from './FactorNameField';
import { StepActions } from './StepActions';

const ZPasskeyForm = z.object({ name: ZAddPasskeyRequest.shape.name });
type PasskeyForm = z.input<typeof ZPasskeyForm>;

export interface PasskeySetupStepProps {
  /** Makes the passkey: the server's options, the browser's ceremony, the answer sent back; a refusal is thrown. */
  create(name: string | undefined): Promise<void>;
  /** The way back (to the choices, or Cancel), beside Create a passkey. */
  back: ReactNode;
  /** What a refusal offers besides its message (back to sign in, once the attempt has expired). */
  failureAction?(error: unknown): ReactNode;
}

/**
 * A passkey: an optional name to tell it apart, then the device's own prompt (fingerprint, face, screen lock, a phone
 * or a security key). A cancelled prompt says so in the catalog's words and may be tried again.
 */
export function PasskeySetupStep({ create, back, failureAction }: PasskeySetupStepProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyForm>({ resolver: zodResolver(ZPasskeyForm), defaultValues: { name: '' } });

  const submit = handleSubmit(async ({ name }) => {
    setFailure(undefined);
    try {
      await create(name || undefined);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography>{t('secondFactor.passkey.intro')}</Typography>
      <FactorNameField
        {...register('name')}
        label={t('secondFactor.passkey.name')}
        help={t('secondFactor.passkey.nameHelp')}
        errorMessage={errors.name?.message}
      />
      <StepActions
        failure={failure}
        failureAction={failureAction}
        busy={isSubmitting}
        label={t(isSubmitting ? 'secondFactor.passkey.creating' : 'secondFactor.passkey.create')}
      >
        {back}
      </StepActions>
    </Box>
  );
}
