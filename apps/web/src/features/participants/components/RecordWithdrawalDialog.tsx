import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { WITHDRAWAL_REASON_MAX } from '@portal/shared/consent/withdrawal';
import { ZManualWithdrawRequest, type TManualWithdrawRequest } from '@portal/shared/withdrawals/manual-withdraw';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { useRecordWithdrawalRequest } from '../../../components/withdrawals/record-withdrawal-request';
import { serverMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { useTranslation } from '../../../lib/use-translation';
import { participantKey } from '../api/participants-api';

/**
 * Records a withdrawal request for the participant shown, with the reason they gave: the Withdrawals tab's own
 * call and rules (the request waits for the hold, then is carried out). `onRecorded` gets the server's message.
 */
export function RecordWithdrawalDialog({
  participant,
  onRecorded,
  onClose,
}: {
  participant: { id: string; name: string; email: string };
  onRecorded(message: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const record = useRecordWithdrawalRequest(participantKey(participant.id));
  const [failure, setFailure] = useState<string>();
  const form = useForm<TManualWithdrawRequest>({
    resolver: zodResolver(ZManualWithdrawRequest),
    defaultValues: { email: participant.email, reason: '' },
  });
  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    record.mutate(values, {
      onSuccess: (message) => onRecorded(message ?? t('withdrawals.manual.recorded')),
      onError: (error) => {
        const unplaced = applyServerErrors(serverFieldErrors(error), ['reason'], form.setError);
        if (unplaced.length > 0 || serverFieldErrors(error).length === 0)
          setFailure(unplaced[0]?.message ?? serverMessage(error) ?? t('error.generic'));
      },
    });
  });
  return (
    <Dialog
      open
      onClose={() => !record.isPending && onClose()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('participantView.withdrawal.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
            {t('participantView.withdrawal.intro', { name: participant.name, email: participant.email })}
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <FormTextField
            {...form.register('reason')}
            label={t('withdrawals.manual.reasonLabel')}
            errorMessage={form.formState.errors.reason?.message}
            maxLength={WITHDRAWAL_REASON_MAX}
            multiline
            minRows={3}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={record.isPending}>
            {t('participantView.withdrawal.cancel')}
          </Button>
          <SubmitButton
            busy={record.isPending}
            color="error"
            label={record.isPending ? t('withdrawals.manual.recording') : t('participantView.withdrawal.submit')}
          />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
