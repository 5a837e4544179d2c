import { Alert, Box, Button, Typography } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDate } from '@portal/shared/dates';
import { API_KEY_PAGE_SIZES, type TApiKey } from '@portal/shared/health-system-verification/push-api';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { DataTable } from '../../../components/admin/DataTable';
import { serverMessage } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date-time';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys-api';
import { IssueApiKeyDialog } from './IssueApiKeyDialog';

const column = createColumnHelper<TApiKey>();

/**
 * Health system API keys: what the keys are for, the keys issued (never the key itself, only its first
 * characters), and for a role that may manage them Issue API key and a Revoke per active key after a confirmation.
 */
export function HealthSystemApiKeys() {
  const { t } = useTranslation();
  const canManage = useCan()('apiKeys.manage');
  const titleId = useId();
  const paging = usePagedQueryState({ sizes: API_KEY_PAGE_SIZES, defaultSize: API_KEY_PAGE_SIZES[0] });
  const query = useApiKeys(paging);
  const revoke = useRevokeApiKey();
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey>();
  const [done, setDone] = useState<string>();

  const columns = useMemo(() => {
    const timeZone = browserTimeZone();
    return [
      column.accessor('healthSystemName', { header: t('verification.keys.healthSystem') }),
      column.accessor('label', {
        header: t('verification.keys.label'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('keyPrefix', {
        header: t('verification.keys.key'),
        cell: ({ getValue }) => <code>{`${getValue()}…`}</code>,
      }),
      column.accessor('createdAt', {
        header: t('verification.keys.created'),
        cell: ({ getValue, row }) =>
          t('verification.keys.createdBy', { date: formatDate(getValue(), timeZone), email: row.original.createdBy }),
      }),
      column.accessor('lastUsedAt', {
        header: t('verification.keys.lastUsed'),
        cell: ({ getValue }) => <Moment at={getValue()} withTime empty={t('verification.keys.neverUsed')} />,
      }),
      column.accessor('revokedAt', {
        header: t('verification.keys.status'),
        cell: ({ getValue }) => (getValue() ? t('verification.keys.revokedStatus') : t('verification.keys.active')),
      }),
      ...(canManage
        ? [
            column.display({
              id: 'actions',
              header: t('verification.keys.actions'),
              cell: ({ row }) =>
                row.original.revokedAt ? null : (
                  <Button
                    color="error"
                    onClick={() => {
                      revoke.reset();
                      setDone(undefined);
                      setRevoking(row.original);
                    }}
                    aria-label={t('verification.keys.revokeLabel', {
                      label: row.original.label,
                      healthSystem: row.original.healthSystemName,
                    })}
                  >
                    {t('verification.keys.revoke')}
                  </Button>
                ),
            }),
          ]
        : []),
    ];
  }, [t, revoke, canManage]);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: (message) => {
        setRevoking(undefined);
        setDone(message ?? t('verification.keys.revoked'));
      },
    });
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('verification.keys.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('verification.keys.intro')}</Typography>
      {canManage && (
        <Button
          variant="outlined"
          onClick={() => {
            setDone(undefined);
            setIssuing(true);
          }}
        >
          {t('verification.keys.issue')}
        </Button>
      )}
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {done}
        </Alert>
      )}
      <DataTable
        title={t('verification.keys.tableTitle')}
        headingLevel="h4"
        columns={columns}
        query={query}
        paging={paging}
        emptyText={t('verification.keys.empty')}
        getRowId={(row) => row.id}
      />
      {issuing && <IssueApiKeyDialog onClose={() => setIssuing(false)} />}
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('verification.keys.revokeTitle')}
        text={t('verification.keys.revokeBody', {
          healthSystem: revoking?.healthSystemName ?? '',
          prefix: revoking?.keyPrefix ?? '',
          label: revoking?.label ?? '',
        })}
        confirmLabel={t('verification.keys.revokeConfirm')}
        busy={revoke.isPending}
        error={revoke.isError ? (serverMessage(revoke.error) ?? 'error.generic') : undefined}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(undefined)}
      />
    </Box>
  );
}
