import { Alert, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { RefusalAlerts } from '../../../components/admin/RefusalAlerts';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';

/**
 * What a step's last call came to: another administrator's change (with Reload), the refusals naming no field,
 * or the success notice. Refusals are announced at once, the success politely.
 */
export function StepOutcome({
  stale,
  problems = [],
  success,
  onReload = () => {},
}: {
  stale?: string;
  problems?: string[];
  success?: string;
  onReload?(): void;
}) {
  return (
    <>
      <RefusalAlerts stale={stale} problems={problems} onReload={onReload} />
      {success && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {success}
        </Alert>
      )}
    </>
  );
}

/** While a step's call runs: what it is doing, announced; nothing otherwise (the region stays for the next). */
export function BusyStatus({ text }: { text?: string }) {
  return (
    <Typography role="status" sx={{ minHeight: '1.5em', mt: 2 }}>
      {text ?? ''}
    </Typography>
  );
}

/**
 * An edit-mode tab: what it says while it loads and when it fails (with Try again), then its content once
 * loaded.
 */
export function TabLoad<T>({
  query,
  loadingText,
  failedText,
  children,
}: {
  query: { data?: T; isError: boolean; refetch(): unknown };
  loadingText: string;
  failedText: string;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  return query.isError ? (
    <LoadFailedAlert message={failedText} onRetry={() => void query.refetch()} />
  ) : (
    <PageLoading text={loadingText} />
  );
}
