import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { EMAIL_CODE_MAX_LENGTH } from '@portal/shared/constants';
import { serverMessage } from '../../../lib/api-client';
import { useSendSigningCode } from '../api/consent-api';

export const SIGNING_CODE_ID = 'consent-code';

/** The e-mailed code asked before signing when the security policy says so (`otpRequiredBeforeICFSign`). */
export function SigningCode({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(code: string): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const send = useSendSigningCode();
  return (
    <Box component="section" aria-labelledby="consent-code-heading">
      <Typography variant="h6" component="h3" id="consent-code-heading">
        {t('consent.sign.codeHeading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('consent.sign.codeIntro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <Button variant="outlined" onClick={() => send.mutate()} disabled={send.isPending}>
          {send.isSuccess ? t('consent.sign.resendCode') : t('consent.sign.sendCode')}
        </Button>
        <TextField
          id={SIGNING_CODE_ID}
          label={t('consent.sign.codeLabel')}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          error={Boolean(error)}
          helperText={error ? t(error, { defaultValue: error }) : undefined}
          slotProps={{
            htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: EMAIL_CODE_MAX_LENGTH },
          }}
        />
      </Stack>
      <Box role="status" sx={{ mt: 1 }}>
        {send.isSuccess && <Alert severity="success">{send.data.message ?? t('consent.codeSent')}</Alert>}
        {send.isError && <Alert severity="error">{serverMessage(send.error) ?? t('error.generic')}</Alert>}
      </Box>
    </Box>
  );
}
