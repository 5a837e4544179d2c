import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { useResendActivation } from '../api/registration-api';
import { ResendOutcome } from './ResendOutcome';

/** Step 4: activation pending, with a way to have the e-mail sent again. */
export function ActivateStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <MarkEmailReadOutlinedIcon sx={{ fontSize: 64, color: 'primary.main' }} aria-hidden />
      <Typography variant="h3" component="p" sx={{ my: 2 }}>
        {t('registration.activate.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('registration.activate.body', { email })}</Typography>
      <Typography sx={{ mb: 3 }}>{t('registration.activate.spam')}</Typography>
      <Box aria-live="polite" sx={{ mb: 2 }}>
        <ResendOutcome resend={resend} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="large"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ email })}
          startIcon={resend.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('registration.activate.resend')}
        </Button>
        <Button component={RouterLink} to="/login-patient" variant="contained" size="large">
          {t('registration.activate.goToLogin')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/">
          {t('registration.activate.home')}
        </Link>
      </Typography>
    </Box>
  );
}
