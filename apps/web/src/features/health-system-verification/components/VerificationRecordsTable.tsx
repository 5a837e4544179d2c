import { Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type {
  TVerificationFilter,
  TVerificationRecord,
} from '@portal/shared/health-system-verification/verification-records';
import { DataTable } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import type { PagedQueryState } from '../../../lib/paging';
import { useVerificationRecords, type VerificationSortField } from '../api/verification-api';
import { StatusBadge } from './StatusBadge';

const column = createColumnHelper<TVerificationRecord>();

/**
 * 'Verification Records': the records the search found, by last update unless sorted by User ID, Health System
 * or Updated On (each header cycles none, ascending, descending). Each record has Edit when there is `onEdit`,
 * except a withdrawn participant's.
 */
export function VerificationRecordsTable({
  filter,
  paging,
  onEdit,
}: {
  filter: TVerificationFilter;
  paging: PagedQueryState<VerificationSortField>;
  onEdit?: (record: TVerificationRecord) => void;
}) {
  const { t } = useTranslation();
  const query = useVerificationRecords(filter, paging);
  const columns = useMemo(
    () => [
      column.accessor('userId', {
        header: t('verification.records.userId'),
        enableSorting: true,
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('healthSystemName', {
        id: 'healthSystem',
        header: t('verification.records.healthSystem'),
        enableSorting: true,
      }),
      column.display({
        id: 'status',
        header: t('verification.records.status'),
        cell: ({ row }) => <StatusBadge record={row.original} />,
      }),
      column.accessor('updatedAt', {
        header: t('verification.records.updatedOn'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      ...(onEdit
        ? [
            column.display({
              id: 'action',
              header: t('verification.records.action'),
              cell: ({ row }) =>
                row.original.withdrawn ? null : (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t('verification.records.editOne', { userId: row.original.userId })}
                    onClick={() => onEdit(row.original)}
                  >
                    {t('verification.records.edit')}
                  </Button>
                ),
            }),
          ]
        : []),
    ],
    [t, onEdit],
  );
  const total = query.data?.totalElements;
  return (
    <DataTable
      title={t('verification.records.title')}
      caption={
        total === undefined
          ? undefined
          : total > 0
            ? t('verification.records.count', { count: total })
            : t('verification.records.none')
      }
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('verification.records.empty')}
      getRowId={(row) => row.userId}
    />
  );
}
