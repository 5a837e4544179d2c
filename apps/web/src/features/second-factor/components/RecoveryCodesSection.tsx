import { Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_MESSAGES } from '@portal/shared/staff/second-factor';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ChangeOutcome } from '../../../components/admin/ChangeOutcome';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { RecoveryCodesPanel } from '../../../components/second-factor/RecoveryCodesPanel';
import { serverMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useMakeRecoveryCodes } from '../api/security-api';
import { useChangeOutcome } from './use-change-outcome';

/**
 * Recovery codes: how many of the ten are left, and Make new recovery codes (asked first, as the old ones stop
 * working), whose codes are shown once, with Download and Copy, until Continue closes them.
 */
export function RecoveryCodesSection({ left }: { left: number }) {
  const { t } = useTranslation();
  const codesTitleId = useId();
  const make = useMakeRecoveryCodes();
  const { outcome, clear, succeeded } = useChangeOutcome();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [codes, setCodes] = useState<string[]>();

  const confirm = () =>
    make.mutate(undefined, {
      onSuccess: ({ codes: made, message }) => {
        setConfirmOpen(false);
        setCodes(made);
        succeeded(message, SECOND_FACTOR_MESSAGES.recoveryCodesMade);
      },
    });

  return (
    <AdminPanel title={t('security.recovery.title')}>
      <Typography sx={{ mb: 1, fontWeight: 600 }}>
        {t('security.recovery.left', { count: left, total: RECOVERY_CODE_COUNT })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('security.recovery.intro')}</Typography>
      <ChangeOutcome {...outcome} />
      <Button
        variant="outlined"
        onClick={() => {
          clear();
          make.reset();
          setConfirmOpen(true);
        }}
      >
        {t('security.recovery.make')}
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        title={t('security.recovery.confirmTitle')}
        text={t('security.recovery.confirmText')}
        confirmLabel={t('security.recovery.confirm')}
        busy={make.isPending}
        error={make.isError ? (serverMessage(make.error) ?? 'error.generic') : undefined}
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      />
      {/* Shown once: only Continue, after the box saying they were saved, closes it. */}
      <Dialog open={codes !== undefined} aria-labelledby={codesTitleId} fullWidth maxWidth="sm">
        <DialogTitle id={codesTitleId}>{t('secondFactor.recovery.title')}</DialogTitle>
        <DialogContent>
          {codes && <RecoveryCodesPanel codes={codes} onContinue={() => setCodes(undefined)} />}
        </DialogContent>
      </Dialog>
    </AdminPanel>
  );
}
