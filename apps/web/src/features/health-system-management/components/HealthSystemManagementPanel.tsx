import { Box, Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { THealthSystemOverviewRow } from '@portal/shared/health-systems/health-system-info';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { useCan } from '../../../lib/staff-access';
import { HealthSystemModal } from './HealthSystemModal';
import { HealthSystemsTable } from './HealthSystemsTable';

type Opened = { mode: 'create' } | { mode: 'view' | 'edit'; healthSystemId: string };

/**
 * Health System Management: the onboarded health systems, onboarding a new one (Onboard New System), and
 * viewing or editing one, each in the three-step modal. Onboarding and editing are for a role that may change
 * settings; any other views.
 */
export function HealthSystemManagementPanel() {
  const { t } = useTranslation();
  const canEdit = useCan()('settings.edit');
  const [opened, setOpened] = useState<Opened>();
  const open = useCallback(
    (mode: 'view' | 'edit', row: THealthSystemOverviewRow) => setOpened({ mode, healthSystemId: row.id }),
    [],
  );
  return (
    <AdminPanel title={t('systemOptions.tabs.healthSystemManagement')}>
      {canEdit && (
        <Box sx={{ mb: 3 }}>
          <Button variant="contained" onClick={() => setOpened({ mode: 'create' })}>
            {t('healthSystems.table.onboard')}
          </Button>
        </Box>
      )}
      <HealthSystemsTable onOpen={open} canEdit={canEdit} />
      {opened && <HealthSystemModal {...opened} onClose={() => setOpened(undefined)} />}
    </AdminPanel>
  );
}
