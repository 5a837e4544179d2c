import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ChangeOutcome } from '../../../components/admin/ChangeOutcome';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { WITHDRAWAL_REASON_MAX } from '@portal/shared/consent/withdrawal';
import { EMAIL_MAX_LENGTH } from '@portal/shared/registration/registration-form';
import { ZManualWithdrawRequest, type TManualWithdrawRequest } from '@portal/shared/withdrawals/manual-withdraw';
import { FormTextField } from '../../../components/ui/FormTextField';
import { ConfirmStepButtons } from '../../../components/ui/ConfirmStepButtons';
import { useRecordWithdrawalRequest } from '../../../components/withdrawals/record-withdrawal-request';
import { serverMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { PENDING_KEY } from '../api/withdrawals-api';

const FIELDS = ['email', 'reason'] as const;
const EMPTY: TManualWithdrawRequest = { email: '', reason: '' };

/**
 * The Manual Withdraw form: the participant's e-mail and reason, checked with the server's own rules, then a
 * confirmation step before the request is recorded. A refusal of a field returns to the form, under that field.
 */
export function ManualWithdrawForm() {
  const { t } = useTranslation();
  const record = useRecordWithdrawalRequest(PENDING_KEY);
  const form = useForm<TManualWithdrawRequest>({ resolver: zodResolver(ZManualWithdrawRequest), defaultValues: EMPTY });
  const [confirming, setConfirming] = useState<TManualWithdrawRequest>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const next = form.handleSubmit((values) => {
    setDone(undefined);
    setFailure(undefined);
    setConfirming(values);
  });
  const submit = () => {
    if (!confirming) return;
    record.mutate(confirming, {
      onSuccess: (message) => {
        setConfirming(undefined);
        form.reset(EMPTY);
        setDone(message ?? t('withdrawals.manual.recorded'));
      },
      onError: (error) => {
        setConfirming(undefined);
        const unplaced = applyServerErrors(serverFieldErrors(error), FIELDS, form.setError);
        if (unplaced.length > 0 || serverFieldErrors(error).length === 0) {
          setFailure(unplaced[0]?.message ?? serverMessage(error) ?? t('error.generic'));
        }
      },
    });
  };

  if (confirming) {
    return (
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
          {t('withdrawals.manual.confirmTitle')}
        </Typography>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('withdrawals.manual.confirmBody', { email: confirming.email, reason: confirming.reason })}
        </Typography>
        <Stack direction="row" spacing={2}>
          <ConfirmStepButtons
            backLabel={t('withdrawals.manual.back')}
            confirmLabel={record.isPending ? t('withdrawals.manual.recording') : t('withdrawals.manual.confirm')}
            busy={record.isPending}
            color="error"
            onBack={() => setConfirming(undefined)}
            onConfirm={submit}
          />
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={next}>
      <ChangeOutcome done={done} failure={failure} />
      <FormTextField
        {...form.register('email')}
        type="email"
        autoComplete="off"
        label={t('withdrawals.manual.emailLabel')}
        errorMessage={errors.email?.message}
        maxLength={EMAIL_MAX_LENGTH}
      />
      <FormTextField
        {...form.register('reason')}
        label={t('withdrawals.manual.reasonLabel')}
        errorMessage={errors.reason?.message}
        maxLength={WITHDRAWAL_REASON_MAX}
        multiline
        minRows={3}
      />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('withdrawals.manual.continue')}
        </Button>
      </Box>
    </Box>
  );
}
