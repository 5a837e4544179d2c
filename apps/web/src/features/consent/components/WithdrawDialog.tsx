import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { WITHDRAWAL_REASON_MAX, ZWithdrawRequest } from '@portal/shared/consent/withdrawal';
import { ConfirmStepButtons } from '../../../components/ui/ConfirmStepButtons';
import { clearAllStoredData } from '../../../lib/auth-storage';
import { serverMessage } from '../../../lib/api-client';
import { useWithdraw } from '../api/consent-api';

/**
 * Withdraw: a required reason, then a confirmation; on success everything stored in the
 * browser is cleared and the login page loads.
 */
export function WithdrawDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const withdraw = useWithdraw();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    if (withdraw.isPending) return;
    setConfirming(false);
    setError(undefined);
    withdraw.reset();
    onClose();
  };
  const next = () => {
    const parsed = ZWithdrawRequest.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setConfirming(true);
  };
  const confirm = () =>
    withdraw.mutate(reason.trim(), {
      onSuccess: () => {
        clearAllStoredData();
        window.location.assign('/login-patient');
      },
    });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="withdraw-title" aria-describedby="withdraw-body" fullWidth>
      <DialogTitle id="withdraw-title">
        {confirming ? t('consent.withdraw.confirmTitle') : t('consent.withdraw.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="withdraw-body" sx={{ mb: 2 }}>
          {confirming ? t('consent.withdraw.confirmBody') : t('consent.withdraw.body')}
        </DialogContentText>
        {!confirming && (
          <TextField
            label={t('consent.withdraw.reasonLabel')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ? <span role="alert">{t(error)}</span> : undefined}
            slotProps={{ htmlInput: { maxLength: WITHDRAWAL_REASON_MAX } }}
          />
        )}
        {withdraw.isError && (
          <Alert severity="error" role="alert">
            {serverMessage(withdraw.error) ?? t('error.generic')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <ConfirmStepButtons
            backLabel={t('consent.withdraw.back')}
            confirmLabel={withdraw.isPending ? t('consent.withdraw.withdrawing') : t('consent.withdraw.confirm')}
            busy={withdraw.isPending}
            color="error"
            onBack={() => setConfirming(false)}
            onConfirm={confirm}
          />
        ) : (
          <>
            <Button onClick={close}>{t('consent.withdraw.cancel')}</Button>
            <Button variant="contained" onClick={next}>
              {t('consent.withdraw.continue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
