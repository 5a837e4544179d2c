import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { serverMessage } from '../../../lib/api-client';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';

/** A report's figures once loaded; while loading a spinner, and on failure what went wrong with Try again. */
export function ReportQuery<T>({
  query,
  children,
}: {
  query: { data?: T; isError: boolean; error: unknown; refetch(): unknown };
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <LoadFailedAlert
        message={serverMessage(query.error) ?? t('admin.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return query.data === undefined ? <PageLoading /> : children(query.data);
}
