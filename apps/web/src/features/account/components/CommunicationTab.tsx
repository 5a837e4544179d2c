import { Alert, Box, Checkbox, Chip, CircularProgress, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  COMMUNICATION_MESSAGES,
  ZCommunicationPreferences,
  type TCommunicationPreferences,
} from '@portal/shared/account/communication-preferences';
import { SUCCESS_MESSAGE_DISPLAY_MS } from '@portal/shared/constants';
import { serverMessage } from '../../../lib/api-client';
import { useTimedMessage } from '../../../lib/use-timed-message';
import {
  COMMUNICATION_PREFERENCES_KEY,
  saveCommunicationPreferences,
  useCommunicationPreferences,
} from '../api/account-api';
import { FormActions } from './FormActions';

/** Communication Preferences: e-mail and newsletter, at least one ticked; text messages coming soon. */
export function CommunicationTab() {
  const { t } = useTranslation();
  const saved = useCommunicationPreferences();
  if (saved.isError) return <Alert severity="error">{t('account.fetchFailed')}</Alert>;
  if (!saved.data) return <CircularProgress aria-label={t('common.loading')} />;
  return <CommunicationForm saved={saved.data} />;
}

function CommunicationForm({ saved }: { saved: TCommunicationPreferences }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(saved);
  const [problem, setProblem] = useState<string>();
  const [success, showSuccess] = useTimedMessage<boolean>(SUCCESS_MESSAGE_DISPLAY_MS);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ZCommunicationPreferences.safeParse(values).success) return setProblem(COMMUNICATION_MESSAGES.atLeastOne);
    setProblem(undefined);
    setBusy(true);
    try {
      await saveCommunicationPreferences(values);
      queryClient.setQueryData(COMMUNICATION_PREFERENCES_KEY, values);
      showSuccess(true);
    } catch (error) {
      setProblem(serverMessage(error) ?? 'account.communication.updateFailed');
    } finally {
      setBusy(false);
    }
  };

  const box = (name: keyof TCommunicationPreferences, label: string, help: string) => (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mb: 1 }}
      control={
        <Checkbox
          checked={values[name]}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.checked }))}
          slotProps={{ input: { 'aria-describedby': `${name}-help` } }}
        />
      }
      label={
        <Box sx={{ pt: 1 }}>
          <Typography>{t(label)}</Typography>
          <Typography id={`${name}-help`} variant="body2" color="text.secondary">
            {t(help)}
          </Typography>
        </Box>
      }
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0 }}
        aria-describedby={problem ? 'preferences-error' : undefined}
      >
        <Typography component="legend" sx={{ mb: 1, fontWeight: 600 }}>
          {t('account.communication.legend')}
        </Typography>
        <FormGroup>
          {box('emailSubscription', 'account.communication.email', 'account.communication.emailHelp')}
          {box('newsletterSubscription', 'account.communication.newsletter', 'account.communication.newsletterHelp')}
          <FormControlLabel
            disabled
            control={<Checkbox checked={false} slotProps={{ input: { 'aria-describedby': 'text-coming-soon' } }} />}
            label={
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                {t('account.communication.text')}
                <Chip id="text-coming-soon" size="small" label={t('account.communication.comingSoon')} />
              </Box>
            }
          />
        </FormGroup>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('account.communication.alwaysSent')}
      </Typography>
      {problem && (
        <Alert id="preferences-error" severity="error" role="alert" sx={{ mt: 2 }}>
          {t(problem, { defaultValue: problem })}
        </Alert>
      )}
      <div role="status">
        {success && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('account.communication.updated')}
          </Alert>
        )}
      </div>
      <FormActions busy={busy} />
    </Box>
  );
}
