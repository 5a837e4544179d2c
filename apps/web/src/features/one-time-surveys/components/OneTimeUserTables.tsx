import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ONE_TIME_USER_SIZES, type TOneTimeFailure, type TOneTimeUser } from '@portal/shared/surveys/one-time-surveys';
import { DataTable } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useOneTimeFailures, useOneTimeUsers } from '../api/one-time-surveys-api';
import { FAILURE_LABELS, PROGRESS_LABELS } from './one-time-words';

const userColumn = createColumnHelper<TOneTimeUser>();
const failureColumn = createColumnHelper<TOneTimeFailure>();

/** The pages of a survey's participant lists, by e-mail. */
function useUserPaging() {
  return usePagedQueryState<'email'>({
    sizes: ONE_TIME_USER_SIZES,
    defaultSize: 10,
    defaultSort: { field: 'email', direction: 'asc' },
  });
}

/** The participants a survey was configured for: e-mail, when invited, and how far each got. */
export function OneTimeUsersTable({ formId }: { formId: string }) {
  const { t } = useTranslation();
  const paging = useUserPaging();
  const query = useOneTimeUsers(formId, paging);
  const columns = useMemo(
    () => [
      userColumn.accessor('email', { header: t('oneTimeSurveys.fields.email'), enableSorting: true }),
      userColumn.accessor('invitedAt', {
        header: t('oneTimeSurveys.fields.invitedAt'),
        cell: ({ getValue }) => <Moment at={getValue()} withTime empty={t('oneTimeSurveys.notYet')} />,
      }),
      userColumn.accessor('progress', {
        header: t('oneTimeSurveys.fields.progress'),
        cell: ({ getValue }) => t(PROGRESS_LABELS[getValue()]),
      }),
    ],
    [t],
  );
  return (
    <DataTable
      title={t('oneTimeSurveys.usersTitle')}
      headingLevel="h4"
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('oneTimeSurveys.noUsers')}
      getRowId={(user) => user.userId}
    />
  );
}

/** The participants not initiated (not invited, or the invitation did not arrive), and why. */
export function OneTimeFailuresTable({ formId }: { formId: string }) {
  const { t } = useTranslation();
  const paging = useUserPaging();
  const query = useOneTimeFailures(formId, paging);
  const columns = useMemo(
    () => [
      failureColumn.accessor('email', { header: t('oneTimeSurveys.fields.email'), enableSorting: true }),
      failureColumn.accessor('reason', {
        header: t('oneTimeSurveys.fields.reason'),
        cell: ({ getValue }) => t(FAILURE_LABELS[getValue()]),
      }),
    ],
    [t],
  );
  return (
    <DataTable
      title={t('oneTimeSurveys.failuresTitle')}
      headingLevel="h4"
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('oneTimeSurveys.noFailures')}
      getRowId={(failure) => failure.email}
    />
  );
}
