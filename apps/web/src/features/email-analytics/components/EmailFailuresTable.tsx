import { Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TDateRange } from '@portal/shared/api/date-range';
import { EMAIL_FAILURE_PAGE_SIZES, type TEmailFailure } from '@portal/shared/email-analytics/email-failures';
import { RowActionTable, useRowAction } from '../../../components/admin/RowActionTable';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { useEmailFailures, useRetryEmail } from '../api/email-analytics-api';
import { languageName, templateName } from './labels';

const column = createColumnHelper<TEmailFailure>();

const STATE_KEYS = {
  retried: 'emailAnalytics.failures.retried',
  bounced: 'emailAnalytics.failures.addressRefused',
  expired: 'emailAnalytics.failures.expired',
} as const;

/**
 * The range's messages that failed for good, the latest attempt first, each with a Retry when it can go again (for
 * a role that may send e-mails again).
 */
export function EmailFailuresTable({ range }: { range: TDateRange }) {
  const { t } = useTranslation();
  const canRetry = useCan()('emails.retry');
  const paging = usePagedQueryState<'lastAttemptAt'>({
    sizes: EMAIL_FAILURE_PAGE_SIZES,
    defaultSize: EMAIL_FAILURE_PAGE_SIZES[0],
  });
  const query = useEmailFailures(range, paging);
  const retry = useRowAction(useRetryEmail(), (row: TEmailFailure) => row.id, t('emailAnalytics.retry.queued'));
  const { ask } = retry;
  const columns = useMemo(
    () => [
      column.accessor('lastAttemptAt', {
        header: t('emailAnalytics.failures.lastAttempt'),
        cell: ({ getValue }) => <Moment at={getValue()} withTime />,
      }),
      column.accessor('recipient', {
        header: t('emailAnalytics.failures.recipient'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('template', {
        header: t('emailAnalytics.failures.template'),
        cell: ({ getValue }) => templateName(t, getValue()),
      }),
      column.accessor('language', {
        header: t('emailAnalytics.failures.language'),
        cell: ({ getValue }) => languageName(t, getValue()),
      }),
      column.accessor('attempts', { header: t('emailAnalytics.failures.attempts') }),
      column.accessor('reply', {
        header: t('emailAnalytics.failures.reply'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('bounced', {
        header: t('emailAnalytics.failures.bounced'),
        cell: ({ getValue }) => (getValue() ? t('emailAnalytics.failures.yes') : t('emailAnalytics.failures.no')),
      }),
      ...(canRetry
        ? [
            column.display({
              id: 'action',
              header: t('emailAnalytics.failures.action'),
              cell: ({ row }) =>
                row.original.retry === 'available' ? (
                  <Button
                    onClick={() => ask(row.original)}
                    aria-label={t('emailAnalytics.failures.retryLabel', { recipient: row.original.recipient })}
                  >
                    {t('emailAnalytics.failures.retry')}
                  </Button>
                ) : (
                  t(STATE_KEYS[row.original.retry])
                ),
            }),
          ]
        : []),
    ],
    [t, ask, canRetry],
  );

  return (
    <RowActionTable
      title={t('emailAnalytics.failures.title')}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('emailAnalytics.failures.empty')}
      getRowId={(row) => row.id}
      action={retry}
      dialog={{
        title: t('emailAnalytics.retry.title'),
        text: (row) =>
          t('emailAnalytics.retry.body', {
            template: row ? templateName(t, row.template) : '',
            recipient: row?.recipient ?? '',
          }),
        confirmLabel: t('emailAnalytics.retry.confirm'),
      }}
    />
  );
}
