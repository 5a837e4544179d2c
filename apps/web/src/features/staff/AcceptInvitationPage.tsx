import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LANGUAGE_COOKIE, type Language } from '@portal/shared/constants';
import { STAFF_MESSAGES } from '@portal/shared/staff/staff';
import { NewPasswordForm } from '../../components/password/NewPasswordForm';
import { SecondFactorEnrolment } from '../../components/second-factor/SecondFactorEnrolment';
import { LoadFailedAlert } from '../../components/ui/LoadFailedAlert';
import { OutcomePanel } from '../../components/ui/OutcomePanel';
import { PageHeading } from '../../components/ui/PageHeading';
import { ApiError, serverMessage } from '../../lib/api-client';
import { useDowntime } from '../../lib/downtime';
import { switchLanguage } from '../../lib/i18n';
import { usePasswordPolicy } from '../../lib/reference-data';
import { serverFieldErrors } from '../../lib/server-errors';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/use-translation';
import { useAcceptInvitation, useVerifyInvitation } from './api/staff-api';

/** The token of the page's address, `#token=…`: a fragment never reaches a server or a referrer. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token');

/** A link refused as unknown, expired, cancelled or used (not a lost connection, nor a refused password). */
const isLinkRefusal = (error: unknown) =>
  error instanceof ApiError &&
  [400, 404].includes(error.status) &&
  !serverFieldErrors(error).some((e) => e.errorField === 'password');

const hasChosenLanguage = () => document.cookie.split(';').some((c) => c.trim().startsWith(`${LANGUAGE_COOKIE}=`));

/** The page speaks the invitation's language unless the reader has chosen one. */
function useInvitationLanguage(language: Language | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (language && language !== i18n.language && !hasChosenLanguage()) void switchLanguage(language);
  }, [language, i18n]);
}

/** The new member's second factor, straight after the password; its Continue signs them in, on System Options. */
function InvitationEnrolment() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  return (
    <SecondFactorEnrolment
      onRestart={() => void navigate('/login-patient')}
      onDone={(tokens) => {
        signIn(tokens);
        void navigate('/system-options', { replace: true });
      }}
    />
  );
}

/**
 * /accept-invitation#token=…: a staff member's invitation. The link is checked, then the member is welcomed by
 * name and chooses a password under the security policy, which accepts the invitation; then they set up their
 * second factor, which signs them in (or, when the server asks for none, they sign in themselves).
 * A link that cannot be used (unknown, expired, cancelled or already used) says so, with a way home.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const token = tokenOf(useLocation().hash);
  const invitation = useVerifyInvitation(token);
  const accept = useAcceptInvitation();
  const policy = usePasswordPolicy();
  const inDowntime = useDowntime().data?.inDowntime === true;
  useInvitationLanguage(invitation.data?.language);
  const refusal = !token ? undefined : isLinkRefusal(accept.error) ? accept.error : invitation.error;

  return (
    <PageHeading title={t('staff.invitation.title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560 }}>
        {!token || isLinkRefusal(refusal) ? (
          // Focus moves here only when accepting just met a dead link, not when the page opens on one.
          <OutcomePanel focus={isLinkRefusal(accept.error)}>
            <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
              {t('staff.invitation.invalidTitle')}
            </Typography>
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverMessage(refusal) ?? t(STAFF_MESSAGES.invitationInvalid)}
            </Alert>
            <Typography sx={{ mb: 3 }}>{t('staff.invitation.askAgain')}</Typography>
            <Button component={RouterLink} to="/" variant="contained" size="large">
              {t('staff.invitation.home')}
            </Button>
          </OutcomePanel>
        ) : accept.data?.enrolmentRequired ? (
          <InvitationEnrolment />
        ) : accept.isSuccess ? (
          <OutcomePanel>
            <Alert severity="success" role="status" sx={{ mb: 3 }}>
              {accept.data.message || t(STAFF_MESSAGES.accepted)}
            </Alert>
            <Button component={RouterLink} to="/login-patient" variant="contained" size="large">
              {t('staff.invitation.signIn')}
            </Button>
          </OutcomePanel>
        ) : invitation.data && policy.data ? (
          <>
            <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
              {t('staff.invitation.welcome', { firstName: invitation.data.firstName })}
            </Typography>
            <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              {t('staff.invitation.intro', { email: invitation.data.email })}
            </Typography>
            <NewPasswordForm
              policy={policy.data}
              labels={{
                password: t('staff.invitation.password'),
                confirmPassword: t('staff.invitation.confirmPassword'),
                submit: t('staff.invitation.accept'),
                submitting: t('staff.invitation.accepting'),
              }}
              disabled={inDowntime}
              busy={accept.isPending}
              failure={accept.error ?? undefined}
              refusalInBoxOnly
              onSubmit={({ password }) => accept.mutate({ token, password })}
            />
          </>
        ) : invitation.isError ? (
          <LoadFailedAlert
            message={serverMessage(invitation.error) ?? t('error.generic')}
            onRetry={() => void invitation.refetch()}
          />
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('staff.invitation.checking')}</Typography>
          </Box>
        )}
      </Paper>
    </PageHeading>
  );
}
