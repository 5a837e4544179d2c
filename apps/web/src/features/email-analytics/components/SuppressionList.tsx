import { Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { SUPPRESSION_PAGE_SIZES, type TSuppression } from '@portal/shared/email-analytics/suppressions';
import { RowActionTable, useRowAction } from '../../../components/admin/RowActionTable';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useCan } from '../../../lib/staff-access';
import { useTranslation } from '../../../lib/use-translation';
import { useLiftSuppression, useSuppressions } from '../api/suppressions-api';

const column = createColumnHelper<TSuppression>();

const REASON_KEYS = {
  bounce: 'emailAnalytics.suppressions.reasons.bounce',
  complaint: 'emailAnalytics.suppressions.reasons.complaint',
} as const;
const PROVIDER_KEYS = {
  sendgrid: 'emailAnalytics.suppressions.providers.sendgrid',
  ses: 'emailAnalytics.suppressions.providers.ses',
} as const;

/**
 * The addresses on the suppression list (a hard bounce or a complaint reported by the mail provider), the newest
 * first, each with Lift for a role that may send e-mails again. It names addresses: for the roles that see failures.
 */
export function SuppressionList() {
  const { t } = useTranslation();
  const canLift = useCan()('emails.retry');
  const paging = usePagedQueryState<'createdAt'>({
    sizes: SUPPRESSION_PAGE_SIZES,
    defaultSize: SUPPRESSION_PAGE_SIZES[0],
  });
  const query = useSuppressions(paging);
  const lift = useRowAction(
    useLiftSuppression(),
    (row: TSuppression) => row.id,
    t('emailAnalytics.suppressions.lifted'),
  );
  const { ask } = lift;
  const columns = useMemo(
    () => [
      column.accessor('email', {
        header: t('emailAnalytics.suppressions.email'),
        cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
      }),
      column.accessor('reason', {
        header: t('emailAnalytics.suppressions.reason'),
        cell: ({ getValue }) => t(REASON_KEYS[getValue()]),
      }),
      column.accessor('provider', {
        header: t('emailAnalytics.suppressions.provider'),
        cell: ({ getValue }) => t(PROVIDER_KEYS[getValue()]),
      }),
      column.accessor('createdAt', {
        header: t('emailAnalytics.suppressions.date'),
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      ...(canLift
        ? [
            column.display({
              id: 'action',
              header: t('emailAnalytics.suppressions.action'),
              cell: ({ row }) => (
                <Button
                  onClick={() => ask(row.original)}
                  aria-label={t('emailAnalytics.suppressions.liftLabel', { email: row.original.email })}
                >
                  {t('emailAnalytics.suppressions.lift')}
                </Button>
              ),
            }),
          ]
        : []),
    ],
    [t, ask, canLift],
  );

  return (
    <RowActionTable
      title={t('emailAnalytics.suppressions.title')}
      caption={t('emailAnalytics.suppressions.intro')}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('emailAnalytics.suppressions.empty')}
      getRowId={(row) => row.id}
      action={lift}
      dialog={{
        title: t('emailAnalytics.suppressions.confirmTitle'),
        text: (row) => t('emailAnalytics.suppressions.confirmBody', { email: row?.email ?? '' }),
        confirmLabel: t('emailAnalytics.suppressions.confirm'),
      }}
    />
  );
}
