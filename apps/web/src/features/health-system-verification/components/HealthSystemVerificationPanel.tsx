import { Box, Button, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  VERIFICATION_PAGE_SIZES,
  type TVerificationFilter,
  type TVerificationRecord,
} from '@portal/shared/health-system-verification/verification-records';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { usePagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { useReloadVerification, type VerificationSortField } from '../api/verification-api';
import { BatchHistory } from './BatchHistory';
import { BulkUpdateDialog } from './BulkUpdateDialog';
import { EditStatusDialog } from './EditStatusDialog';
import { HealthSystemApiKeys } from './HealthSystemApiKeys';
import { VerificationRecordsTable } from './VerificationRecordsTable';
import { VerificationSearch } from './VerificationSearch';

/**
 * Health System Verification: search the verification records by user ID or health system, set a record's
 * status or many at once (Bulk Update), look back over (or undo) the updates made, and manage the API keys with
 * which health systems send their statuses. Each of these shows only to a role that may do it.
 */
export function HealthSystemVerificationPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('verification.edit');
  const reload = useReloadVerification();
  const paging = usePagedQueryState<VerificationSortField>({
    sizes: VERIFICATION_PAGE_SIZES,
    defaultSize: VERIFICATION_PAGE_SIZES[0],
  });
  const [filter, setFilter] = useState<TVerificationFilter>();
  const [editing, setEditing] = useState<TVerificationRecord>();
  const [bulk, setBulk] = useState(false);
  const { reset } = paging;

  const search = (next: TVerificationFilter) => {
    reset();
    setFilter(next);
    reload('records');
  };
  const closeDialog = () => {
    setEditing(undefined);
    setBulk(false);
    reload();
  };
  const edit = useCallback((record: TVerificationRecord) => setEditing(record), []);

  return (
    <AdminPanel title={t('systemOptions.tabs.healthSystemVerification')}>
      {canEdit && (
        <Box sx={{ mb: 3 }}>
          <Button variant="contained" onClick={() => setBulk(true)}>
            {t('verification.bulk.open')}
          </Button>
        </Box>
      )}
      <VerificationSearch onSearch={search} onReset={() => setFilter(undefined)} />
      {filter ? (
        <VerificationRecordsTable filter={filter} paging={paging} onEdit={canEdit ? edit : undefined} />
      ) : (
        <Box sx={{ my: 3 }}>
          <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('verification.records.title')}
          </Typography>
          <Typography>{t('verification.records.searchFirst')}</Typography>
        </Box>
      )}
      <BatchHistory />
      {can('apiKeys.view') && <HealthSystemApiKeys />}
      {editing && <EditStatusDialog record={editing} onClose={closeDialog} />}
      {bulk && <BulkUpdateDialog onClose={closeDialog} />}
    </AdminPanel>
  );
}
