import { Box, Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ONE_TIME_LIST_SIZES, type TOneTimeSurvey } from '@portal/shared/surveys/one-time-surveys';
import { DataTable } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useOneTimeSurveys } from '../api/one-time-surveys-api';
import { nameIn, STATE_LABELS } from './one-time-words';

const column = createColumnHelper<TOneTimeSurvey>();

/**
 * The Survey List: every one-time survey, latest start first, with its figures, a View action and Create (when
 * there is `onCreate`).
 */
export function OneTimeSurveyList({ onView, onCreate }: { onView(id: string): void; onCreate?: () => void }) {
  const { t, i18n } = useTranslation();
  const paging = usePagedQueryState<'effectiveStartDate' | 'sendDate' | 'createdAt'>({
    sizes: ONE_TIME_LIST_SIZES,
    defaultSize: ONE_TIME_LIST_SIZES[0],
    defaultSort: { field: 'effectiveStartDate', direction: 'desc' },
  });
  const query = useOneTimeSurveys(paging);
  const language = i18n.language;
  const columns = useMemo(
    () => [
      column.accessor((survey) => nameIn(survey.name, language), {
        id: 'name',
        header: t('oneTimeSurveys.fields.name'),
      }),
      column.accessor('sendDate', {
        header: t('oneTimeSurveys.fields.sendDate'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      column.accessor('effectiveStartDate', {
        header: t('oneTimeSurveys.fields.startDate'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      column.accessor('effectiveEndDate', {
        header: t('oneTimeSurveys.fields.endDate'),
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      column.accessor('state', {
        header: t('oneTimeSurveys.fields.state'),
        cell: ({ getValue }) => t(STATE_LABELS[getValue()]),
      }),
      column.accessor('userCount', { header: t('oneTimeSurveys.fields.configured') }),
      column.accessor('successCount', { header: t('oneTimeSurveys.fields.invited') }),
      column.accessor('failureCount', { header: t('oneTimeSurveys.fields.failures') }),
      column.accessor('submittedCount', { header: t('oneTimeSurveys.fields.submitted') }),
      column.display({
        id: 'actions',
        header: t('oneTimeSurveys.fields.actions'),
        cell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onView(row.original.id)}
            aria-label={t('oneTimeSurveys.viewNamed', { name: nameIn(row.original.name, language) })}
          >
            {t('oneTimeSurveys.view')}
          </Button>
        ),
      }),
    ],
    [t, language, onView],
  );
  return (
    <>
      {onCreate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={onCreate}>
            {t('oneTimeSurveys.create')}
          </Button>
        </Box>
      )}
      <DataTable
        title={t('oneTimeSurveys.listTitle')}
        columns={columns}
        query={query}
        paging={paging}
        emptyText={t('oneTimeSurveys.empty')}
        getRowId={(survey) => survey.id}
      />
    </>
  );
}
