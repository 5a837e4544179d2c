import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZAppCode, ZConfirmAppRequest, type ZNewAppSecret } from '@portal/shared/staff/second-factor';
import { useTranslation } from '../../lib/use-translation';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { FormTextField } from '../ui/FormTextField';
import { CopyButton } from '../ui/CopyButton';
import { FactorNameField } from './FactorNameField';
import { FailureAlert, failureText } from './FailureAlert';
import { QrCode } from './QrCode';
import { StepActions } from './StepActions';

export type TNewAppSecret = z.infer<typeof ZNewAppSecret>;
export interface AppConfirmation {
  factorId: string;
  otp: string;
  name?: string;
}

const ZAppForm = z.object({ otp: ZAppCode, name: ZConfirmAppRequest.shape.name });
type AppForm = z.input<typeof ZAppForm>;

/** The base32 secret in groups of four, as authenticator apps show and ask for it. */
const inGroups = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export interface AppSetupStepProps {
  /** Makes the new app's secret (the enrolment's call, or the signed-in member's). */
  start(): Promise<TNewAppSecret>;
  /** The app's first code proves it; the call's refusal is thrown. */
  confirm(confirmation: AppConfirmation): Promise<void>;
  /** A name for the app is asked when it is added to an account that has other methods. */
  askName?: boolean;
  /** The way back (to the choices, or Cancel), beside Confirm. */
  back: ReactNode;
  /** What a refusal offers besides its message (back to sign in, once the attempt has expired). */
  failureAction?(error: unknown): ReactNode;
}

/**
 * An authenticator app: its secret as a QR code and as text to type (with a Copy button), then the code the app
 * shows, which proves the app holds the secret. A wrong code is refused in the server's words and may be tried again.
 */
export function AppSetupStep({ start, confirm, askName = false, back, failureAction }: AppSetupStepProps) {
  const { t } = useTranslation();
  const id = useId();
  // One secret per step shown: the query's key is this step's, and it is never fetched again on its own.
  const secret = useQuery({
    queryKey: ['second-factor', 'new-app-secret', id],
    queryFn: start,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [failure, setFailure] = useState<unknown>();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AppForm>({ resolver: zodResolver(ZAppForm), defaultValues: { otp: '', name: '' } });

  if (secret.isError) {
    const action = failureAction?.(secret.error);
    return action ? (
      <FailureAlert error={secret.error} action={action} />
    ) : (
      <LoadFailedAlert message={t(failureText(secret.error))} onRetry={() => void secret.refetch()} />
    );
  }
  if (!secret.data) return <Typography role="status">{t('secondFactor.app.preparing')}</Typography>;
  const { factorId, otpauthUri } = secret.data;

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await confirm({ factorId, otp: values.otp, name: values.name || undefined });
    } catch (error) {
      setFailure(error);
      resetField('otp');
      setFocus('otp');
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography sx={{ mb: 2 }}>{t('secondFactor.app.scan')}</Typography>
      <QrCode value={otpauthUri} alt={t('secondFactor.app.qrAlt')} />
      <Typography sx={{ mt: 2, mb: 1 }}>{t('secondFactor.app.typeInstead')}</Typography>
      <Typography sx={{ fontFamily: 'monospace', fontSize: '1.25rem', overflowWrap: 'anywhere', mb: 1 }}>
        {inGroups(secret.data.secret)}
      </Typography>
      <CopyButton
        text={secret.data.secret}
        label={t('secondFactor.app.copy')}
        copiedText={t('secondFactor.app.copied')}
        failedText={t('secondFactor.app.copyFailed')}
      />
      <FormTextField
        {...register('otp')}
        label={t('secondFactor.app.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        errorMessage={errors.otp?.message}
      />
      {askName && (
        <FactorNameField
          {...register('name')}
          label={t('secondFactor.app.name')}
          help={t('secondFactor.app.nameHelp')}
          errorMessage={errors.name?.message}
        />
      )}
      <StepActions
        failure={failure}
        failureAction={failureAction}
        busy={isSubmitting}
        label={t(isSubmitting ? 'secondFactor.app.confirming' : 'secondFactor.app.confirm')}
      >
        {back}
      </StepActions>
    </Box>
  );
}
