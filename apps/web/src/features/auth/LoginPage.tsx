import { Paper } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TAccessTokenResponse, TLoginRequest, TLoginResult } from '@portal/shared/auth/login';
import type { FactorKind } from '@portal/shared/staff/second-factor';
import { PageHeading } from '../../components/ui/PageHeading';
import { PageLoading } from '../../components/ui/PageLoading';
import { writeLanguageCookie } from '../../lib/language';
import { returnPathOf } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { login } from './api/auth-api';
import { CodeForm } from './components/CodeForm';
import { CredentialsForm } from './components/CredentialsForm';
import { TimedOutNotice } from './components/TimedOutNotice';

// A staff member's steps load only when a sign-in needs them: most sign-ins are participants'.
const StaffFactorForm = lazy(() =>
  import('./components/StaffFactorForm').then(({ StaffFactorForm }) => ({ default: StaffFactorForm })),
);
const SecondFactorEnrolment = lazy(() =>
  import('../../components/second-factor/SecondFactorEnrolment').then(({ SecondFactorEnrolment }) => ({
    default: SecondFactorEnrolment,
  })),
);

/** What follows the password: a participant's e-mailed code, a staff member's own factor, or its enrolment. */
type SecondStep = { kind: 'emailCode' } | { kind: 'staffFactor'; factors: FactorKind[] } | { kind: 'enrolment' };

/** The step a login result asks for next; none when it signed in at once. */
function secondStepOf(result: TLoginResult): SecondStep | undefined {
  if (!result.twoFactorEnabled || result.accessTokenResponse) return undefined;
  if (result.enrolmentRequired) return { kind: 'enrolment' };
  if (result.secondFactors) return { kind: 'staffFactor', factors: result.secondFactors };
  return { kind: 'emailCode' };
}

/**
 * /login-patient: e-mail and password (or a staff member's passkey alone), then the second step the result asks for:
 * the e-mailed code when the security policy asks for one, a staff member's own second factor, or its enrolment.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { signIn } = useSession();
  // The password is kept in memory only while the e-mailed code's screen may need to send a new code.
  const [pending, setPending] = useState<{ email: string; step: SecondStep; password?: string }>();
  const restart = () => setPending(undefined);
  // The private page a guard sent the visitor here from (a link in an e-mail, say): read once, as later steps of
  // signing in may change the address.
  const { state } = useLocation();
  const [returnTo] = useState(() => returnPathOf(state));

  const signInWith = (tokens: TAccessTokenResponse, to: string) => {
    const session = signIn(tokens);
    const language = session?.claims.language;
    // The preferred language comes from the account; a different one reloads the page in it.
    if (language && language !== i18n.language) {
      writeLanguageCookie(language);
      window.location.assign(to);
      return;
    }
    void navigate(to, { replace: true });
  };
  const finish = (result: TLoginResult) => {
    if (result.accessTokenResponse) signInWith(result.accessTokenResponse, returnTo ?? '/dashboard');
  };

  const onCredentials = (result: TLoginResult, credentials: TLoginRequest) => {
    const step = secondStepOf(result);
    const email = credentials.email.trim();
    if (!step) finish(result);
    else setPending({ email, step, password: step.kind === 'emailCode' ? credentials.password : undefined });
  };

  return (
    <PageHeading title={t('pages.login')}>
      <TimedOutNotice
        open={params.get('rsn') === 'iact'}
        onClose={() => setParams((current) => (current.delete('rsn'), current), { replace: true })}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560 }}>
        <Suspense fallback={<PageLoading />}>
          {!pending ? (
            <CredentialsForm onSignedIn={onCredentials} onPasskeySignedIn={finish} />
          ) : pending.step.kind === 'enrolment' ? (
            // A new staff member's session starts on System Options, once the recovery codes were saved.
            <SecondFactorEnrolment onRestart={restart} onDone={(tokens) => signInWith(tokens, '/system-options')} />
          ) : pending.step.kind === 'staffFactor' ? (
            <StaffFactorForm
              email={pending.email}
              factors={pending.step.factors}
              onSignedIn={finish}
              onRestart={restart}
            />
          ) : (
            <CodeForm
              email={pending.email}
              onSignedIn={finish}
              onResend={async () => {
                await login(pending.email, pending.password ?? '');
              }}
              onRestart={restart}
            />
          )}
        </Suspense>
      </Paper>
    </PageHeading>
  );
}
