import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  VERIFICATION_PREVIEW_SIZES,
  type TIdIssue,
  type TIdIssueReason,
} from '@portal/shared/health-system-verification/verification-records';
import { DataTable, type PagedQueryResult } from '../../../components/admin/DataTable';
import { useLocalPage } from '../../../components/admin/local-page';
import { usePagedQueryState, type PagedQueryState } from '../../../lib/paging';

/** Why an ID cannot be updated, as the ID issues table says it. */
export const ISSUE_LABELS: Record<TIdIssueReason, string> = {
  invalid: 'verification.issues.invalid',
  notFound: 'verification.issues.notFound',
  withdrawn: 'verification.issues.withdrawn',
};

interface IdRow {
  userId: string;
}
const idColumn = createColumnHelper<IdRow>();
const issueColumn = createColumnHelper<TIdIssue>();

/**
 * The preview of a bulk update's list, toggling between 'Data preview' (the valid IDs, paged in the browser) and
 * 'ID issues' (the IDs that will be left out and why, paged by the server).
 */
export function IdPreview({
  valid,
  issues,
  issuesPaging,
}: {
  valid: string[];
  issues: PagedQueryResult<TIdIssue>;
  issuesPaging: PagedQueryState;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'data' | 'issues'>('data');
  const rows = useMemo(() => valid.map((userId) => ({ userId })), [valid]);
  const dataPaging = usePagedQueryState({
    sizes: VERIFICATION_PREVIEW_SIZES,
    defaultSize: VERIFICATION_PREVIEW_SIZES[0],
  });
  const data = useLocalPage(rows, dataPaging);
  const idColumns = useMemo(() => [idColumn.accessor('userId', { header: t('verification.records.userId') })], [t]);
  const issueColumns = useMemo(
    () => [
      issueColumn.accessor('userId', {
        header: t('verification.records.userId'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      issueColumn.accessor('reason', {
        header: t('verification.issues.reason'),
        cell: ({ getValue }) => t(ISSUE_LABELS[getValue()]),
      }),
    ],
    [t],
  );
  const issueCount = issues.data?.totalElements;
  return (
    <Box sx={{ mt: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={t('verification.preview.label')}
        onChange={(_event, next: 'data' | 'issues' | null) => next && setView(next)}
      >
        <ToggleButton value="data">{t('verification.preview.data', { count: valid.length })}</ToggleButton>
        <ToggleButton value="issues">
          {issueCount === undefined
            ? t('verification.preview.issuesChecking')
            : t('verification.preview.issues', { count: issueCount })}
        </ToggleButton>
      </ToggleButtonGroup>
      {view === 'data' ? (
        <DataTable
          title={t('verification.preview.dataTitle')}
          headingLevel="h3"
          columns={idColumns}
          query={data}
          paging={dataPaging}
          emptyText={t('verification.preview.dataEmpty')}
          getRowId={(row) => row.userId}
        />
      ) : (
        <DataTable
          title={t('verification.preview.issuesTitle')}
          headingLevel="h3"
          columns={issueColumns}
          query={issues}
          paging={issuesPaging}
          emptyText={t('verification.preview.issuesEmpty')}
        />
      )}
    </Box>
  );
}
