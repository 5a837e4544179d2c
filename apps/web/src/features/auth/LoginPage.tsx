import { Paper } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import type { TLoginRequest, TLoginResult } from '@portal/shared/auth/login';
import { PageHeading } from '../../components/ui/PageHeading';
import { writeLanguageCookie } from '../../lib/language';
import { useSession } from '../../lib/session';
import { login } from './api/auth-api';
import { CodeForm } from './components/CodeForm';
import { CredentialsForm } from './components/CredentialsForm';
import { TimedOutNotice } from './components/TimedOutNotice';

/** /login-patient: e-mail and password, then the e-mailed code when the security policy asks for one. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { signIn } = useSession();
  // The password is kept in memory only while the code screen may need to send a new code.
  const [pending, setPending] = useState<TLoginRequest>();

  const finish = (result: TLoginResult) => {
    if (!result.accessTokenResponse) return;
    const session = signIn(result.accessTokenResponse);
    const language = session?.claims.language;
    // The preferred language comes from the account; a different one reloads the page in it.
    if (language && language !== i18n.language) {
      writeLanguageCookie(language);
      window.location.assign('/dashboard');
      return;
    }
    void navigate('/dashboard', { replace: true });
  };

  const onCredentials = (result: TLoginResult, credentials: TLoginRequest) => {
    if (result.twoFactorEnabled && !result.accessTokenResponse) setPending(credentials);
    else finish(result);
  };

  return (
    <PageHeading title={t('pages.login')}>
      <TimedOutNotice
        open={params.get('rsn') === 'iact'}
        onClose={() => setParams((current) => (current.delete('rsn'), current), { replace: true })}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560 }}>
        {pending ? (
          <CodeForm
            email={pending.email.trim()}
            onSignedIn={finish}
            onResend={async () => {
              await login(pending.email.trim(), pending.password);
            }}
            onRestart={() => setPending(undefined)}
          />
        ) : (
          <CredentialsForm onSignedIn={onCredentials} />
        )}
      </Paper>
    </PageHeading>
  );
}
