import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ManualWithdrawDialog } from './ManualWithdrawDialog';
import { OpenDashboardButton } from '../../../components/analytics-dashboards/OpenDashboardButton';
import { WithdrawalsDashboard } from './WithdrawalsDashboard';
import { WithdrawalUsersTable } from './WithdrawalUsersTable';

/** Withdrawals: the dashboard, the withdrawn participants, and Manual Withdraw for requests by phone or letter. */
export function WithdrawalsPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <AdminPanel title={t('systemOptions.tabs.withdrawals')}>
      <Box>
        <Button variant="contained" onClick={() => setOpen(true)}>
          {t('withdrawals.manual.open')}
        </Button>
      </Box>
      <OpenDashboardButton dashboardId="withdrawals" />
      <WithdrawalsDashboard />
      <WithdrawalUsersTable />
      {open && <ManualWithdrawDialog open onClose={() => setOpen(false)} />}
    </AdminPanel>
  );
}
