import { Box, Button, Typography } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { PARTICIPANT_SEARCH_LIMIT } from '@portal/shared/participants/participants';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { focusRing } from '../../../components/ui/styles';
import { serverMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useParticipantSearch, type SearchRequest } from '../api/participants-api';
import { accountStateText, healthSystemText, nameOf } from './labels';
import { SimpleTable } from '../../../components/ui/SimpleTable';

/**
 * The participants a search found, each name a button that opens their view. How many were found is announced;
 * back from a view, the focus returns to the name that opened it.
 */
export function ParticipantResults({
  search,
  returnTo,
  onOpen,
}: {
  search: SearchRequest;
  /** The participant whose view was just closed. */
  returnTo?: string;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const query = useParticipantSearch(search);
  const { data } = query;

  useEffect(() => {
    if (returnTo && data) buttons.current.get(returnTo)?.focus();
  }, [returnTo, data]);

  const found = data
    ? [
        t('participantView.search.found', { count: data.results.length }),
        data.more ? t('participantView.search.more', { limit: PARTICIPANT_SEARCH_LIMIT }) : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';

  return (
    <Box sx={{ mt: 3 }}>
      {/* Always present, so the count is read out when a search ends. */}
      <Typography role="status" sx={{ mb: 1 }}>
        {query.isFetching ? '' : found}
      </Typography>
      {query.isError ? (
        <LoadFailedAlert
          message={serverMessage(query.error) ?? t('admin.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : query.isFetching && !data ? (
        <PageLoading text={t('participantView.search.searching')} />
      ) : data && data.results.length > 0 ? (
        <>
          <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('participantView.results.title')}
          </Typography>
          <SimpleTable
            labelledBy={titleId}
            headers={[
              t('participantView.results.name'),
              t('participantView.results.email'),
              t('participantView.results.healthSystem'),
              t('participantView.results.state'),
            ]}
            rows={data.results.map((participant) => ({
              key: participant.id,
              cells: [
                <Button
                  key="name"
                  ref={(button) => {
                    if (button) buttons.current.set(participant.id, button);
                    else buttons.current.delete(participant.id);
                  }}
                  variant="text"
                  onClick={() => onOpen(participant.id)}
                  sx={{ textTransform: 'none', textAlign: 'left', p: 0.5, minHeight: 44, ...focusRing }}
                >
                  {nameOf(participant)}
                </Button>,
                participant.email,
                healthSystemText(t, participant),
                accountStateText(t, participant.account),
              ],
            }))}
          />
        </>
      ) : null}
    </Box>
  );
}
