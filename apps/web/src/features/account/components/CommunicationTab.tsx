import { Alert, Box, Checkbox, Chip, CircularProgress, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  COMMUNICATION_MESSAGES,
  ZCommunicationPreferences,
  type TCommunicationPreferencesView,
  type TMailCategoryChoices,
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

/**
 * Communication Preferences: e-mail and newsletter, at least one ticked; text messages coming soon; then the
 * e-mails one may leave one by one (reminders, survey invitations, study news), which is not withdrawing.
 */
export function CommunicationTab() {
  const { t } = useTranslation();
  const saved = useCommunicationPreferences();
  if (saved.isError) return <Alert severity="error">{t('account.fetchFailed')}</Alert>;
  if (!saved.data) return <CircularProgress aria-label={t('common.loading')} />;
  return <CommunicationForm saved={saved.data} />;
}

const CATEGORY_TEXTS: Record<keyof TMailCategoryChoices, { label: string; help: string }> = {
  reminders: {
    label: 'account.communication.categories.reminders',
    help: 'account.communication.categories.remindersHelp',
  },
  invitations: {
    label: 'account.communication.categories.invitations',
    help: 'account.communication.categories.invitationsHelp',
  },
  news: { label: 'account.communication.categories.news', help: 'account.communication.categories.newsHelp' },
};

/**
 * The categories the participant changed in the form since it was loaded or last saved. Only these are sent: a
 * category left meanwhile from an e-mail's link, and not touched here, must not be rejoined by the save.
 */
function changedCategories(values: TMailCategoryChoices, loaded: TMailCategoryChoices) {
  const keys = Object.keys(values) as (keyof TMailCategoryChoices)[];
  return Object.fromEntries(keys.filter((key) => values[key] !== loaded[key]).map((key) => [key, values[key]]));
}

function CommunicationForm({ saved }: { saved: TCommunicationPreferencesView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(saved);
  const [loaded, setLoaded] = useState(saved.categories);
  const [problem, setProblem] = useState<string>();
  const [success, showSuccess] = useTimedMessage<boolean>(SUCCESS_MESSAGE_DISPLAY_MS);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ZCommunicationPreferences.safeParse(values).success) return setProblem(COMMUNICATION_MESSAGES.atLeastOne);
    setProblem(undefined);
    setBusy(true);
    try {
      const categories = changedCategories(values.categories, loaded);
      const { emailSubscription, newsletterSubscription } = values;
      await saveCommunicationPreferences(
        Object.keys(categories).length > 0
          ? { emailSubscription, newsletterSubscription, categories }
          : { emailSubscription, newsletterSubscription },
      );
      // Read again: a category not sent may have changed on the server since the form was loaded (left from an
      // e-mail's link), and the form shows it; the ones just sent stay as saved.
      await queryClient.invalidateQueries({ queryKey: COMMUNICATION_PREFERENCES_KEY });
      const fresh = queryClient.getQueryData<TCommunicationPreferencesView>(COMMUNICATION_PREFERENCES_KEY);
      const now = { ...(fresh ?? values).categories, ...categories };
      setValues((v) => ({ ...v, categories: now }));
      setLoaded(now);
      showSuccess(true);
    } catch (error) {
      setProblem(serverMessage(error) ?? 'account.communication.updateFailed');
    } finally {
      setBusy(false);
    }
  };

  const box = (name: 'emailSubscription' | 'newsletterSubscription', label: string, help: string) => (
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
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, mt: 3 }}
        aria-describedby="categories-always-sent categories-not-withdrawing"
      >
        <Typography component="legend" sx={{ mb: 1, fontWeight: 600 }}>
          {t('account.communication.categories.legend')}
        </Typography>
        <FormGroup>
          {(Object.keys(CATEGORY_TEXTS) as (keyof TMailCategoryChoices)[]).map((category) => (
            <FormControlLabel
              key={category}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              control={
                <Checkbox
                  checked={values.categories[category]}
                  onChange={(event) =>
                    setValues((v) => ({ ...v, categories: { ...v.categories, [category]: event.target.checked } }))
                  }
                  slotProps={{ input: { 'aria-describedby': `category-${category}-help` } }}
                />
              }
              label={
                <Box sx={{ pt: 1 }}>
                  <Typography>{t(CATEGORY_TEXTS[category].label)}</Typography>
                  <Typography id={`category-${category}-help`} variant="body2" color="text.secondary">
                    {t(CATEGORY_TEXTS[category].help)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </FormGroup>
        <Typography id="categories-always-sent" variant="body2" color="text.secondary">
          {t('account.communication.categories.alwaysSent')}
        </Typography>
        <Typography id="categories-not-withdrawing" sx={{ mt: 1 }}>
          {t('account.communication.categories.notWithdrawing')}
        </Typography>
      </Box>
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
