import { Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TPendingRequest, TPendingRequests } from '@portal/shared/withdrawals/manual-withdraw';
import type { PagedQueryResult } from '../../../components/admin/DataTable';
import { RowActionTable, useRowAction } from '../../../components/admin/RowActionTable';
import { Moment } from '../../../components/ui/Moment';
import type { PagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { useDeleteRequest } from '../api/withdrawals-api';

const column = createColumnHelper<TPendingRequest>();

/**
 * Pending Requests: whose, why, recorded when and by whom, when it will be carried out, and a Delete per row for a
 * role that may delete requests.
 */
export function PendingRequestsTable({
  query,
  paging,
}: {
  query: PagedQueryResult<TPendingRequest> & { data?: TPendingRequests };
  paging: PagedQueryState;
}) {
  const { t } = useTranslation();
  const canDelete = useCan()('withdrawals.delete');
  const remove = useRowAction(useDeleteRequest(), (row: TPendingRequest) => row.email, t('withdrawals.manual.deleted'));
  const { ask } = remove;
  const columns = useMemo(
    () => [
      column.accessor('email', { header: t('withdrawals.pending.email'), enableSorting: true }),
      column.accessor('reason', {
        header: t('withdrawals.pending.reason'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('requestedAt', {
        header: t('withdrawals.pending.requestedAt'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} withTime />,
      }),
      column.accessor('requestedBy', { header: t('withdrawals.pending.requestedBy') }),
      column.accessor('dueAt', {
        header: t('withdrawals.pending.dueAt'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} withTime />,
      }),
      ...(canDelete
        ? [
            column.display({
              id: 'actions',
              header: t('withdrawals.pending.actions'),
              cell: ({ row }) => (
                <Button
                  color="error"
                  onClick={() => ask(row.original)}
                  aria-label={t('withdrawals.pending.deleteLabel', { email: row.original.email })}
                >
                  {t('withdrawals.pending.delete')}
                </Button>
              ),
            }),
          ]
        : []),
    ],
    [t, ask, canDelete],
  );

  return (
    <RowActionTable
      title={t('withdrawals.pending.title')}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('withdrawals.pending.empty')}
      getRowId={(row) => row.id}
      action={remove}
      dialog={{
        title: t('withdrawals.pending.deleteTitle'),
        text: (row) => t('withdrawals.pending.deleteBody', { email: row?.email ?? '' }),
        confirmLabel: t('withdrawals.pending.deleteConfirm'),
      }}
    />
  );
}
