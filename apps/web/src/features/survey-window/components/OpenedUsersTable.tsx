import { Box, Chip } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import {
  OPENED_USERS_PAGE_SIZES,
  type TOpenedUser,
  type TOpenedUsersSortField,
  type TQuestionnaireProgress,
} from '@portal/shared/surveys/opened-users';
import { DataTable } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import { usePagedQueryState } from '../../../lib/paging';
import { useOpenedUsers } from '../api/survey-window-api';

const column = createColumnHelper<TOpenedUser>();

/** Each progress in the words the participant's own Surveys screen uses, and an outline unless begun. */
const PROGRESS: Record<TQuestionnaireProgress, { label: string; variant: 'outlined' | 'filled' }> = {
  notStarted: { label: 'survey.status.open', variant: 'outlined' },
  started: { label: 'survey.status.started', variant: 'filled' },
  submitted: { label: 'survey.status.submitted', variant: 'filled' },
};

/**
 * 'Survey Window Open Users': who has a survey window open now, the soonest to close first, with when it opened
 * and closes and how far they got with each questionnaire (in words, not colour alone).
 */
export function OpenedUsersTable() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const paging = usePagedQueryState<TOpenedUsersSortField>({
    sizes: OPENED_USERS_PAGE_SIZES,
    defaultSize: OPENED_USERS_PAGE_SIZES[0],
    defaultSort: { field: 'closesAt', direction: 'asc' },
  });
  const query = useOpenedUsers(paging);
  const columns = useMemo(
    () => [
      column.accessor('name', { header: t('surveyWindow.table.participant') }),
      column.accessor('email', {
        header: t('surveyWindow.table.email'),
        enableSorting: true,
        cell: ({ getValue }) => <Box sx={{ overflowWrap: 'anywhere' }}>{getValue()}</Box>,
      }),
      column.accessor('roundNumber', { header: t('surveyWindow.table.round') }),
      column.accessor('opensAt', {
        header: t('surveyWindow.table.opensAt'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      column.accessor('closesAt', {
        header: t('surveyWindow.table.closesAt'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} />,
      }),
      column.accessor('questionnaires', {
        header: t('surveyWindow.table.progress'),
        cell: ({ getValue }) => (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {getValue().map((questionnaire) => {
              const { label, variant } = PROGRESS[questionnaire.progress];
              return (
                <li key={questionnaire.formKey}>
                  <Chip
                    size="small"
                    variant={variant}
                    sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
                    label={t('surveyWindow.table.progressItem', {
                      title: questionnaire.title[language] || questionnaire.title.en,
                      progress: t(label),
                    })}
                  />
                </li>
              );
            })}
          </Box>
        ),
      }),
    ],
    [t, language],
  );
  return (
    <DataTable
      title={t('surveyWindow.table.title')}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('surveyWindow.table.empty')}
      getRowId={(row) => row.roundId}
    />
  );
}
