import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { useCan } from '../../../lib/staff-access';
import { ManualWithdrawDialog } from './ManualWithdrawDialog';
import { OpenDashboardButton } from '../../../components/analytics-dashboards/OpenDashboardButton';
import { WithdrawalsDashboard } from './WithdrawalsDashboard';
import { WithdrawalUsersTable } from './WithdrawalUsersTable';

/**
 * Withdrawals: the dashboard, the withdrawn participants, and Manual Withdraw for requests by phone or letter. A
 * role that may see the requests but not record one has Pending Requests in its place; the dashboard is for a role
 * that may see dashboards, the withdrawn participants for one that may see withdrawals.
 */
export function WithdrawalsPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const canRecord = can('withdrawals.record');
  const [open, setOpen] = useState(false);
  return (
    <AdminPanel title={t('systemOptions.tabs.withdrawals')}>
      {(canRecord || can('withdrawals.view')) && (
        <Box>
          <Button variant="contained" onClick={() => setOpen(true)}>
            {t(canRecord ? 'withdrawals.manual.open' : 'withdrawals.manual.showPending')}
          </Button>
        </Box>
      )}
      <OpenDashboardButton dashboardId="withdrawals" />
      {can('dashboards.view') && <WithdrawalsDashboard />}
      {can('withdrawals.view') && <WithdrawalUsersTable />}
      {open && <ManualWithdrawDialog open onClose={() => setOpen(false)} />}
    </AdminPanel>
  );
}
