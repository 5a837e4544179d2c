import { Alert, Button, Stack } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TUnmatchedReason } from '@portal/shared/surveys/one-time-surveys';
import { DataTable } from '../../../components/admin/DataTable';
import { useLocalPage } from '../../../components/admin/local-page';
import { usePagedQueryState } from '../../../lib/paging';
import { UNMATCHED_LABELS } from './one-time-words';

/** A row of the participant list that matches no one who can take the survey: its line, value and why. */
export interface UnmatchedRow {
  row: number;
  value: string;
  reason: TUnmatchedReason;
}

const column = createColumnHelper<UnmatchedRow>();
const PREVIEW_SIZES = [5, 10, 25] as const;

/**
 * The preview of the rows that match no active participant, paged in the browser, with 'Remove these rows':
 * the survey cannot be saved while any remain.
 */
export function UnmatchedRows({ rows, onRemove }: { rows: UnmatchedRow[]; onRemove(): void }) {
  const { t } = useTranslation();
  const paging = usePagedQueryState({ sizes: PREVIEW_SIZES, defaultSize: 10 });
  const columns = useMemo(
    () => [
      column.accessor('row', { header: t('oneTimeSurveys.unmatched.row') }),
      column.accessor('value', { header: t('oneTimeSurveys.unmatched.value') }),
      column.accessor('reason', {
        header: t('oneTimeSurveys.unmatched.reason'),
        cell: ({ getValue }) => t(UNMATCHED_LABELS[getValue()]),
      }),
    ],
    [t],
  );
  const query = useLocalPage(rows, paging);
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Alert severity="warning">{t('oneTimeSurveys.unmatched.intro', { count: rows.length })}</Alert>
      <DataTable
        title={t('oneTimeSurveys.unmatched.title')}
        headingLevel="h4"
        columns={columns}
        query={query}
        paging={paging}
        emptyText={t('oneTimeSurveys.unmatched.none')}
        getRowId={(row) => `${row.row}:${row.value}`}
      />
      <Button variant="contained" onClick={onRemove} sx={{ alignSelf: 'flex-start' }}>
        {t('oneTimeSurveys.unmatched.remove', { count: rows.length })}
      </Button>
    </Stack>
  );
}
