import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { PARTICIPANT_MESSAGES, type TParticipantView } from '@portal/shared/participants/participants';
import { serverMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/staff-access';
import { useTranslation } from '../../../lib/use-translation';
import { useResendActivation, useUnlock } from '../api/participants-api';
import { nameOf } from './labels';
import { RecordWithdrawalDialog } from './RecordWithdrawalDialog';

/** What an action ended with: the server's message, a success or a refusal. */
export interface ActionFeedback {
  severity: 'success' | 'error';
  text: string;
}

/**
 * The help a staff member may give, each shown only to a role that has it and only when it applies: a new
 * activation e-mail while the account awaits activation, unlocking a locked account, and recording a withdrawal
 * request for a participant still in the study with none pending.
 */
export function ParticipantActions({
  participant,
  onFeedback,
}: {
  participant: TParticipantView;
  onFeedback(feedback: ActionFeedback): void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const resend = useResendActivation(participant.id);
  const unlock = useUnlock(participant.id);
  const [recording, setRecording] = useState(false);
  const { status, lockedUntil } = participant.account;

  const run = (action: typeof resend, done: string) => () =>
    action.mutate(undefined, {
      onSuccess: (message) => onFeedback({ severity: 'success', text: message ?? t(done) }),
      onError: (error) => onFeedback({ severity: 'error', text: serverMessage(error) ?? t('error.generic') }),
    });

  const buttons = [
    can('participants.resendActivation') && status === 'pendingActivation' && (
      <Button
        key="resend"
        variant="outlined"
        onClick={run(resend, PARTICIPANT_MESSAGES.activationResent)}
        disabled={resend.isPending}
      >
        {t('participantView.actions.resend')}
      </Button>
    ),
    can('participants.unlock') && lockedUntil && (
      <Button
        key="unlock"
        variant="outlined"
        onClick={run(unlock, PARTICIPANT_MESSAGES.unlocked)}
        disabled={unlock.isPending}
      >
        {t('participantView.actions.unlock')}
      </Button>
    ),
    can('withdrawals.record') && status !== 'withdrawn' && !participant.withdrawalRequest && (
      <Button key="withdraw" variant="outlined" color="error" onClick={() => setRecording(true)}>
        {t('participantView.actions.recordWithdrawal')}
      </Button>
    ),
  ].filter(Boolean);
  if (buttons.length === 0) return null;

  return (
    <>
      <Stack
        role="group"
        aria-label={t('participantView.actions.label')}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ my: 2 }}
      >
        {buttons}
      </Stack>
      {recording && (
        <RecordWithdrawalDialog
          participant={{ id: participant.id, name: nameOf(participant), email: participant.email }}
          onClose={() => setRecording(false)}
          onRecorded={(text) => {
            setRecording(false);
            onFeedback({ severity: 'success', text });
          }}
        />
      )}
    </>
  );
}
