import { Alert } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';

/** The downtime notice itself; its code loads only when there is a notice to show. */
export function DowntimeAlert({ message, onDismiss }: { message: string; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      square
      slotProps={{ closeButton: { 'aria-label': t('shell.dismissBanner') } }}
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
