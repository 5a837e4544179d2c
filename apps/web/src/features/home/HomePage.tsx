import { useTranslation } from '../../lib/use-translation';
import { PageHeading } from '../../components/ui/PageHeading';
import { useSession } from '../../lib/session';
import { LoadFailedAlert } from '../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../components/ui/PageLoading';
import { useDashboard } from './api/home-api';
import { AdminHome } from './components/AdminHome';
import { ParticipantHome, type ConsentCeremonyComponent } from './components/ParticipantHome';

/**
 * The signed-in home page: for a participant, where they are in the study and the one next step; for an
 * administrator, a short summary and the way into System Options. The consent ceremony is the consent
 * feature's, handed in by the router.
 */
export default function HomePage({ ConsentCeremony }: { ConsentCeremony: ConsentCeremonyComponent }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const dashboard = useDashboard(Boolean(session));
  const data = dashboard.data;
  return (
    <PageHeading title={t('pages.dashboard')}>
      {dashboard.isError && (
        <LoadFailedAlert message={t('dashboard.loadFailed')} onRetry={() => void dashboard.refetch()} />
      )}
      {dashboard.isPending && <PageLoading />}
      {data?.role === 'admin' && <AdminHome summary={data} />}
      {data?.role === 'patient' && (
        <ParticipantHome
          dashboard={data}
          ConsentCeremony={ConsentCeremony}
          openCeremonyAtFirst={Boolean(session && !session.claims.isConsentSigned)}
        />
      )}
    </PageHeading>
  );
}
