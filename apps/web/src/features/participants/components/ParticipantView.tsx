import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { serverMessage } from '../../../lib/api-client';
import { focusPanelHeading } from '../../../lib/focus-panel-heading';
import { useTranslation } from '../../../lib/use-translation';
import { openSignedCopy, useParticipant } from '../api/participants-api';
import { nameOf } from './labels';
import { ParticipantActions, type ActionFeedback } from './ParticipantActions';
import { AccountSection, ConsentSection, HistorySection, RoundsSection } from './ParticipantSections';

/**
 * One participant: Back to results, their name (which takes the focus when the view opens), the actions the
 * staff member's role allows, then Account, Consent, Survey rounds, and E-mails and reminders. What an action
 * ended with takes the focus, so it is read out even when its button goes away.
 */
export function ParticipantView({ id, onBack }: { id: string; onBack(): void }) {
  const { t } = useTranslation();
  const query = useParticipant(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const [feedback, setFeedback] = useState<ActionFeedback>();
  const loaded = Boolean(query.data);

  useEffect(() => {
    if (loaded) focusPanelHeading(heading.current);
  }, [loaded]);
  useEffect(() => {
    if (feedback) feedbackRef.current?.focus();
  }, [feedback]);

  const openCopy = (signatureId: string) => {
    setFeedback(undefined);
    openSignedCopy(id, signatureId).catch((error: unknown) =>
      setFeedback({ severity: 'error', text: serverMessage(error) ?? t('participantView.consent.copyFailed') }),
    );
  };

  const back = (
    <Box>
      <Button variant="outlined" onClick={onBack}>
        {t('participantView.back')}
      </Button>
    </Box>
  );
  if (query.isError) {
    return (
      <>
        {back}
        <Box sx={{ mt: 2 }}>
          <LoadFailedAlert
            message={serverMessage(query.error) ?? t('admin.loadFailed')}
            onRetry={() => void query.refetch()}
          />
        </Box>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        {back}
        <PageLoading />
      </>
    );
  }
  const participant = query.data;
  return (
    <Box>
      {back}
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h3"
        sx={{ fontSize: '1.25rem', mt: 3, mb: 1, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
      >
        {nameOf(participant)}
      </Typography>
      {feedback && (
        <Alert
          ref={feedbackRef}
          tabIndex={-1}
          severity={feedback.severity}
          role={feedback.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setFeedback(undefined)}
          closeText={t('participantView.closeMessage')}
          sx={{ my: 2 }}
        >
          {feedback.text}
        </Alert>
      )}
      <ParticipantActions participant={participant} onFeedback={setFeedback} />
      <AccountSection participant={participant} />
      <ConsentSection participant={participant} onOpenCopy={openCopy} />
      <RoundsSection participant={participant} />
      <HistorySection participant={participant} />
    </Box>
  );
}
