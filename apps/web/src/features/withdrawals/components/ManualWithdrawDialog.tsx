import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PENDING_REQUEST_PAGE_SIZES } from '@portal/shared/withdrawals/manual-withdraw';
import { usePagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { usePendingRequests } from '../api/withdrawals-api';
import { holdText } from './hold-text';
import { ManualWithdrawForm } from './ManualWithdrawForm';
import { PendingRequestsTable } from './PendingRequestsTable';

/**
 * Manual Withdraw: a modal that toggles between the request form and the Pending Requests. A role that may only
 * record requests has the form alone; one that may only see them has the Pending Requests alone.
 */
export function ManualWithdrawDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const can = useCan();
  const canRecord = can('withdrawals.record');
  const canView = can('withdrawals.view');
  const titleId = useId();
  const [view, setView] = useState<'form' | 'pending'>(canRecord ? 'form' : 'pending');
  const paging = usePagedQueryState<'dueAt' | 'requestedAt' | 'email'>({
    sizes: PENDING_REQUEST_PAGE_SIZES,
    defaultSize: 10,
  });
  const query = usePendingRequests(paging, canView);
  const hold = query.data ? holdText(query.data.holdSeconds) : undefined;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>{t(canRecord ? 'withdrawals.manual.title' : 'withdrawals.pending.title')}</DialogTitle>
      <DialogContent>
        {canRecord && <Typography sx={{ mb: 1 }}>{t('withdrawals.manual.intro')}</Typography>}
        {hold && <Typography sx={{ mb: 2 }}>{t(hold.key, { count: hold.count })}</Typography>}
        {canRecord && canView && (
          <Button variant="outlined" sx={{ mb: 2 }} onClick={() => setView(view === 'form' ? 'pending' : 'form')}>
            {view === 'form' ? t('withdrawals.manual.showPending') : t('withdrawals.manual.showForm')}
          </Button>
        )}
        {view === 'form' ? <ManualWithdrawForm /> : <PendingRequestsTable query={query} paging={paging} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('withdrawals.manual.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
