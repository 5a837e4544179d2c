import { Stack, Typography } from '@mui/material';
import { LoadFailedAlert } from '../../components/ui/LoadFailedAlert';
import { PageHeading } from '../../components/ui/PageHeading';
import { PageLoading } from '../../components/ui/PageLoading';
import { MEASURE } from '../../components/ui/styles';
import { serverMessage } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { useMySecurity } from './api/security-api';
import { RecoveryCodesSection } from './components/RecoveryCodesSection';
import { SessionsSection } from './components/SessionsSection';
import { SignInMethods } from './components/SignInMethods';

/**
 * /security, "Your security" (signed-in staff only): the staff member's own sign-in methods, recovery codes and
 * sessions. Each change that the server counts as dangerous first asks "Confirm it's you" (the shell's dialog).
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const security = useMySecurity();
  return (
    <PageHeading title={t('security.title')}>
      <Typography sx={{ maxWidth: MEASURE, mb: 4 }}>{t('security.intro')}</Typography>
      {security.data ? (
        <Stack spacing={6} sx={{ maxWidth: 960 }}>
          <SignInMethods factors={security.data.factors} />
          <RecoveryCodesSection left={security.data.recoveryCodesLeft} />
          <SessionsSection sessions={security.data.sessions} />
        </Stack>
      ) : security.isError ? (
        <LoadFailedAlert
          message={serverMessage(security.error) ?? t('error.generic')}
          onRetry={() => void security.refetch()}
        />
      ) : (
        <PageLoading />
      )}
    </PageHeading>
  );
}
