import { Chip, Stack } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { TVerificationRecord } from '@portal/shared/health-system-verification/verification-records';

/** A record's status: Verified (green), Rejected (red) or Pending (neutral), and Withdrawn beside it if so. */
export function StatusBadge({ record }: { record: Pick<TVerificationRecord, 'isVerified' | 'withdrawn'> }) {
  const { t } = useTranslation();
  const { isVerified } = record;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {isVerified === null ? (
        <Chip size="small" label={t('verification.status.pending')} />
      ) : (
        <Chip
          size="small"
          color={isVerified ? 'success' : 'error'}
          label={isVerified ? t('verification.status.verified') : t('verification.status.rejected')}
        />
      )}
      {record.withdrawn && <Chip size="small" variant="outlined" label={t('verification.status.withdrawn')} />}
    </Stack>
  );
}
