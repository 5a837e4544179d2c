import { Button, Chip, Stack } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  HEALTH_SYSTEM_PAGE_SIZES,
  type THealthSystemOverviewRow,
} from '@portal/shared/health-systems/health-system-info';
import { DataTable } from '../../../components/admin/DataTable';
import { usePagedQueryState } from '../../../lib/paging';
import { useHealthSystemsOverview } from '../api/health-systems-api';

const column = createColumnHelper<THealthSystemOverviewRow>();
const DEFAULT_SIZE = 10;
/** Each row's buttons: the text, and the accessible name that says which system. */
const ACTIONS = [
  { mode: 'view', label: 'healthSystems.table.view', name: 'healthSystems.table.viewOne' },
  { mode: 'edit', label: 'healthSystems.table.edit', name: 'healthSystems.table.editOne' },
] as const;

/**
 * 'Health Systems': the onboarded systems by name, with their registered users, onboarding date and status, a
 * page at a time (5, 10, 15 or 25 rows), each with View and (when `canEdit`) Edit; Refresh loads the page again.
 */
export function HealthSystemsTable({
  onOpen,
  canEdit,
}: {
  onOpen(mode: 'view' | 'edit', row: THealthSystemOverviewRow): void;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const paging = usePagedQueryState({ sizes: HEALTH_SYSTEM_PAGE_SIZES, defaultSize: DEFAULT_SIZE });
  const query = useHealthSystemsOverview(paging);
  const columns = useMemo(
    () => [
      column.accessor('name', { header: t('healthSystems.table.name') }),
      column.accessor('count', { header: t('healthSystems.table.users') }),
      column.accessor('onboardedOn', { header: t('healthSystems.table.onboardedOn') }),
      column.accessor('isActive', {
        header: t('healthSystems.table.status'),
        cell: ({ getValue }) => (
          <Chip
            size="small"
            color={getValue() ? 'success' : 'default'}
            variant={getValue() ? 'filled' : 'outlined'}
            label={t(getValue() ? 'healthSystems.table.active' : 'healthSystems.table.inactive')}
          />
        ),
      }),
      column.display({
        id: 'actions',
        header: t('healthSystems.table.actions'),
        cell: ({ row }) => (
          <Stack direction="row" spacing={1}>
            {ACTIONS.filter(({ mode }) => canEdit || mode === 'view').map(({ mode, label, name }) => (
              <Button
                key={mode}
                size="small"
                variant="outlined"
                aria-label={t(name, { name: row.original.name })}
                onClick={() => onOpen(mode, row.original)}
              >
                {t(label)}
              </Button>
            ))}
          </Stack>
        ),
      }),
    ],
    [t, onOpen, canEdit],
  );
  return (
    <DataTable
      title={t('healthSystems.table.title')}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('healthSystems.table.empty')}
      getRowId={(row) => row.id}
      loadingText={t('healthSystems.table.loading')}
      loadFailed={{
        title: t('healthSystems.table.loadFailed'),
        fallback: t('healthSystems.table.unknownError'),
        retryLabel: t('healthSystems.table.retry'),
      }}
      actions={
        <Button variant="outlined" size="small" onClick={() => void query.refetch()}>
          {t(query.isFetching ? 'healthSystems.table.refreshing' : 'healthSystems.table.refresh')}
        </Button>
      }
    />
  );
}
