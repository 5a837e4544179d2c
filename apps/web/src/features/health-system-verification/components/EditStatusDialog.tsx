import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  VERIFICATION_MESSAGES,
  type TVerificationRecord,
} from '@portal/shared/health-system-verification/verification-records';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { serverMessage } from '../../../lib/api-client';
import { useUpdateVerification } from '../api/verification-api';
import { StatusRadios } from './StatusRadios';

/** 'Edit Verification status': one record's status, Verified or Rejected, saved on its own. */
export function EditStatusDialog({ record, onClose }: { record: TVerificationRecord; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateVerification();
  const [status, setStatus] = useState<boolean | undefined>(record.isVerified ?? undefined);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const save = () => {
    if (status === undefined) return setError(VERIFICATION_MESSAGES.statusRequired);
    setError(undefined);
    update.mutate(
      { userIds: [record.userId], status, skipIdIssues: false, source: 'single' },
      { onSuccess: (reply) => setDone(reply.message ?? t('verification.edit.saved')) },
    );
  };

  return (
    <Dialog open onClose={() => !update.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('verification.edit.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('verification.edit.userId', { userId: record.userId })}
        </Typography>
        <StatusRadios
          value={status}
          error={error}
          disabled={update.isPending || done !== undefined}
          onChange={(next) => {
            setStatus(next);
            setError(undefined);
          }}
        />
        {update.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {serverMessage(update.error) ?? t('error.generic')}
          </Alert>
        )}
        {done && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {done}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('verification.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={update.isPending}>
              {t('verification.cancel')}
            </Button>
            <SubmitButton busy={update.isPending} onClick={save} label={t('verification.edit.save')} />
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
