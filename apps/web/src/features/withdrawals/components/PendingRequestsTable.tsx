import { Alert, Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@portal/shared/dates';
import type { TPendingRequest, TPendingRequests } from '@portal/shared/withdrawals/manual-withdraw';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { DataTable, type PagedQueryResult } from '../../../components/admin/DataTable';
import { serverMessage } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date-time';
import type { PagedQueryState } from '../../../lib/paging';
import { useDeleteRequest } from '../api/withdrawals-api';

const column = createColumnHelper<TPendingRequest>();

/** Pending Requests: whose, why, recorded when and by whom, when it will be carried out, and a Delete per row. */
export function PendingRequestsTable({
  query,
  paging,
}: {
  query: PagedQueryResult<TPendingRequest> & { data?: TPendingRequests };
  paging: PagedQueryState;
}) {
  const { t } = useTranslation();
  const remove = useDeleteRequest();
  const [deleting, setDeleting] = useState<string>();
  const [done, setDone] = useState<string>();
  const columns = useMemo(() => {
    const timeZone = browserTimeZone();
    const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>;
    return [
      column.accessor('email', { header: t('withdrawals.pending.email'), enableSorting: true }),
      column.accessor('reason', {
        header: t('withdrawals.pending.reason'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('requestedAt', {
        header: t('withdrawals.pending.requestedAt'),
        enableSorting: true,
        cell: ({ getValue }) => when(getValue()),
      }),
      column.accessor('requestedBy', { header: t('withdrawals.pending.requestedBy') }),
      column.accessor('dueAt', {
        header: t('withdrawals.pending.dueAt'),
        enableSorting: true,
        cell: ({ getValue }) => when(getValue()),
      }),
      column.display({
        id: 'actions',
        header: t('withdrawals.pending.actions'),
        cell: ({ row }) => (
          <Button
            color="error"
            onClick={() => {
              remove.reset();
              setDone(undefined);
              setDeleting(row.original.email);
            }}
            aria-label={t('withdrawals.pending.deleteLabel', { email: row.original.email })}
          >
            {t('withdrawals.pending.delete')}
          </Button>
        ),
      }),
    ];
  }, [t, remove]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: (message) => {
        setDeleting(undefined);
        setDone(message ?? t('withdrawals.manual.deleted'));
      },
    });
  };

  return (
    <>
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {done}
        </Alert>
      )}
      <DataTable
        title={t('withdrawals.pending.title')}
        columns={columns}
        query={query}
        paging={paging}
        emptyText={t('withdrawals.pending.empty')}
        getRowId={(row) => row.id}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('withdrawals.pending.deleteTitle')}
        text={t('withdrawals.pending.deleteBody', { email: deleting ?? '' })}
        confirmLabel={t('withdrawals.pending.deleteConfirm')}
        busy={remove.isPending}
        error={remove.isError ? (serverMessage(remove.error) ?? 'error.generic') : undefined}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
    </>
  );
}
