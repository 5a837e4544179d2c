import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { WITHDRAWAL_USER_PAGE_SIZES, type TWithdrawalUser } from '@portal/shared/withdrawals/withdrawal-users';
import { DataTable } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useWithdrawalUsers } from '../api/withdrawals-api';

const column = createColumnHelper<TWithdrawalUser>();

/** Withdrawn participants, newest withdrawal first: when, why, and who carried it out. */
export function WithdrawalUsersTable() {
  const { t } = useTranslation();
  const paging = usePagedQueryState<'withdrawalDate' | 'email'>({
    sizes: WITHDRAWAL_USER_PAGE_SIZES,
    defaultSize: WITHDRAWAL_USER_PAGE_SIZES[0],
    defaultSort: { field: 'withdrawalDate', direction: 'desc' },
  });
  const query = useWithdrawalUsers(paging);
  const columns = useMemo(
    () => [
      column.accessor('email', { header: t('withdrawals.list.email'), enableSorting: true }),
      column.accessor('name', { header: t('withdrawals.list.name') }),
      column.accessor('withdrawalDate', {
        header: t('withdrawals.list.withdrawalDate'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      column.accessor('reason', {
        header: t('withdrawals.list.reason'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('requestedBy', {
        header: t('withdrawals.list.carriedOutBy'),
        cell: ({ getValue }) => {
          const admin = getValue();
          return admin ? t('withdrawals.list.byAdmin', { email: admin }) : t('withdrawals.list.byParticipant');
        },
      }),
    ],
    [t],
  );
  return (
    <DataTable
      title={t('withdrawals.list.title')}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('withdrawals.list.empty')}
      getRowId={(row) => row.id}
    />
  );
}
