import { useQuery } from '@tanstack/react-query';
import { ZDashboardReply, GET_DASHBOARD } from '@portal/shared/home/home';
import { authorizedRequest } from '../../../lib/api-client';

/** `GET /dashboard`: the participant's place in the study, or the administrator's summary. */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await authorizedRequest(GET_DASHBOARD.path, ZDashboardReply)).data!,
    enabled,
    retry: 1,
  });
}
