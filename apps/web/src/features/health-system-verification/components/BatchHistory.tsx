import { Alert, Button, Stack, Typography } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '@portal/shared/dates';
import {
  VERIFICATION_BATCH_PAGE_SIZES,
  undoneMessage,
  type TVerificationBatch,
  type TVerificationBatchSource,
} from '@portal/shared/health-system-verification/verification-records';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { DataTable } from '../../../components/admin/DataTable';
import { serverMessage } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date-time';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { downloadBatchResult, useUndoBatch, useVerificationBatches } from '../api/verification-api';

const SOURCE_LABELS: Record<TVerificationBatchSource, string> = {
  single: 'verification.history.sources.single',
  bulk: 'verification.history.sources.bulk',
  push: 'verification.history.sources.push',
  undo: 'verification.history.sources.undo',
};

const column = createColumnHelper<TVerificationBatch>();

/**
 * 'Bulk update history': every edit, bulk update, health system push and undo, newest first, with its result
 * file, and Undo while it can still be undone (records changed since are kept as they are) for a role that may
 * change statuses.
 */
export function BatchHistory() {
  const { t } = useTranslation();
  const canUndo = useCan()('verification.edit');
  const paging = usePagedQueryState({
    sizes: VERIFICATION_BATCH_PAGE_SIZES,
    defaultSize: VERIFICATION_BATCH_PAGE_SIZES[0],
  });
  const query = useVerificationBatches(paging);
  const undo = useUndoBatch();
  const [undoing, setUndoing] = useState<TVerificationBatch>();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string }>();

  const columns = useMemo(() => {
    const timeZone = browserTimeZone();
    const when = (at: string) => formatDateTime(at, timeZone);
    const download = (batch: TVerificationBatch) => {
      setNotice(undefined);
      downloadBatchResult(batch.id).catch((error: unknown) =>
        setNotice({ severity: 'error', text: serverMessage(error) ?? t('verification.history.downloadFailed') }),
      );
    };
    return [
      column.accessor('createdAt', {
        header: t('verification.history.when'),
        cell: ({ getValue }) => <Moment at={getValue()} withTime />,
      }),
      column.accessor('actor', {
        header: t('verification.history.who'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('source', {
        header: t('verification.history.source'),
        cell: ({ getValue }) => t(SOURCE_LABELS[getValue()]),
      }),
      column.accessor('status', {
        header: t('verification.history.statusSet'),
        cell: ({ getValue }) => {
          const status = getValue();
          if (status === null) return t('verification.history.noStatus');
          return status ? t('verification.status.verified') : t('verification.status.rejected');
        },
      }),
      column.accessor('requested', { header: t('verification.history.requested') }),
      column.accessor('applied', { header: t('verification.history.applied') }),
      column.accessor('skipped', { header: t('verification.history.skipped') }),
      column.display({
        id: 'actions',
        header: t('verification.history.actions'),
        cell: ({ row }) => {
          const batch = row.original;
          const at = when(batch.createdAt);
          return (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button
                size="small"
                variant="outlined"
                aria-label={t('verification.history.downloadOne', { when: at })}
                onClick={() => download(batch)}
              >
                {t('verification.history.download')}
              </Button>
              {canUndo && batch.undoableUntil && (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  aria-label={t('verification.history.undoOne', { when: at })}
                  onClick={() => setUndoing(batch)}
                >
                  {t('verification.history.undo')}
                </Button>
              )}
              {batch.undoneAt && (
                <Typography variant="body2">
                  {t('verification.history.undone', { when: when(batch.undoneAt), who: batch.undoneBy ?? '' })}
                </Typography>
              )}
            </Stack>
          );
        },
      }),
    ];
  }, [t, canUndo]);

  const confirmUndo = () => {
    if (!undoing) return;
    undo.mutate(undoing.id, {
      onSuccess: (reply) => {
        setUndoing(undefined);
        setNotice({ severity: 'success', text: reply.message ?? undoneMessage(t, reply.data!) });
      },
    });
  };

  return (
    <>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }}>
          {notice.text}
        </Alert>
      )}
      <DataTable
        title={t('verification.history.title')}
        columns={columns}
        query={query}
        paging={paging}
        emptyText={t('verification.history.empty')}
        getRowId={(row) => row.id}
      />
      <ConfirmDialog
        open={undoing !== undefined}
        title={t('verification.history.undoTitle')}
        text={t('verification.history.undoBody', {
          until: undoing?.undoableUntil ? formatDateTime(undoing.undoableUntil, browserTimeZone()) : '',
        })}
        confirmLabel={t('verification.history.undoConfirm')}
        busy={undo.isPending}
        error={undo.isError ? (serverMessage(undo.error) ?? 'error.generic') : undefined}
        onConfirm={confirmUndo}
        onCancel={() => {
          undo.reset();
          setUndoing(undefined);
        }}
      />
    </>
  );
}
