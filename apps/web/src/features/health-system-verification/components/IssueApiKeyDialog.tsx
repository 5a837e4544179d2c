import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import {
  API_KEY_LABEL_MAX,
  ZApiKeyRequest,
  type TApiKeyRequest,
  type TIssuedApiKey,
} from '@portal/shared/health-system-verification/push-api';
import { CopyButton } from '../../../components/ui/CopyButton';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SelectField } from '../../../components/ui/SelectField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { serverMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { useIssueApiKey } from '../api/api-keys-api';
import { useVerificationHealthSystems } from '../api/verification-api';

const FIELDS = ['healthSystem', 'label'] as const;
const EMPTY: TApiKeyRequest = { healthSystem: '', label: '' };

/** The new key, shown this once in a read-only box with a Copy button. */
function NewApiKey({ issued, onClose }: { issued: TIssuedApiKey; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('verification.keys.newKeyIntro')}
        </Alert>
        <TextField
          label={t('verification.keys.newKeyLabel')}
          value={issued.key}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        <Box sx={{ mt: 2 }}>
          <CopyButton
            text={issued.key}
            label={t('verification.keys.copy')}
            copiedText={t('verification.keys.copied')}
            failedText={t('verification.keys.copyFailed')}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('verification.keys.done')}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Issue API key: a health system and a label saying who holds the key, checked with the server's own rules; then
 * the new key, shown once, with the words that it will not be shown again.
 */
export function IssueApiKeyDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const labelHelpId = useId();
  const systems = useVerificationHealthSystems();
  const issue = useIssueApiKey();
  const form = useForm<TApiKeyRequest>({ resolver: zodResolver(ZApiKeyRequest), defaultValues: EMPTY });
  const [issued, setIssued] = useState<TIssuedApiKey>();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    issue.mutate(values, {
      onSuccess: setIssued,
      onError: (error) => {
        const unplaced = applyServerErrors(serverFieldErrors(error), FIELDS, form.setError);
        if (unplaced.length > 0 || serverFieldErrors(error).length === 0) {
          setFailure(unplaced[0]?.message ?? serverMessage(error) ?? t('error.generic'));
        }
      },
    });
  });
  const options = (systems.data ?? []).map((system) => ({ value: system.value, label: system.name }));

  return (
    <Dialog open onClose={() => !issue.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {issued
          ? t('verification.keys.newKeyTitle', { healthSystem: issued.healthSystemName })
          : t('verification.keys.issue')}
      </DialogTitle>
      {issued ? (
        <NewApiKey issued={issued} onClose={onClose} />
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <DialogContent>
            {failure && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            )}
            {systems.isError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {t('verification.keys.healthSystemsFailed')}
              </Alert>
            )}
            <SelectField
              control={form.control}
              name="healthSystem"
              label={t('verification.keys.healthSystem')}
              options={options}
              errorMessage={errors.healthSystem?.message}
            />
            <FormTextField
              {...form.register('label')}
              label={t('verification.keys.label')}
              describedBy={labelHelpId}
              errorMessage={errors.label?.message}
              maxLength={API_KEY_LABEL_MAX}
              autoComplete="off"
            />
            <Typography id={labelHelpId} variant="body2" color="text.secondary">
              {t('verification.keys.labelHelp')}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={issue.isPending}>
              {t('verification.cancel')}
            </Button>
            <SubmitButton
              busy={issue.isPending}
              label={issue.isPending ? t('verification.keys.issuing') : t('verification.keys.issueSubmit')}
            />
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
