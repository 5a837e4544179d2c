import { useQuery } from '@tanstack/react-query';
import { GET_DOWNTIME, ZDowntimeReply } from '@portal/shared/settings/downtime-status';
import { apiRequest } from './api-client';

/** The downtime settings of GET /downtime, shared by the banner and the pages whose actions it disables. */
export function useDowntime() {
  return useQuery({
    queryKey: ['downtime'],
    queryFn: async () => (await apiRequest(GET_DOWNTIME.path, ZDowntimeReply)).data,
    staleTime: 60_000,
  });
}
