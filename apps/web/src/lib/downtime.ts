import { useQuery } from '@tanstack/react-query';
import { ZDowntimeReply } from '@portal/shared/settings/downtime-status';
import { apiRequest } from './api-client';
import { GET_DOWNTIME } from '@portal/shared/settings/downtime';

/** The downtime settings of GET /downtime, shared by the banner and the pages whose actions it disables. */
export function useDowntime() {
  return useQuery({
    queryKey: ['downtime'],
    queryFn: async () => (await apiRequest(GET_DOWNTIME.path, ZDowntimeReply)).data,
    staleTime: 60_000,
  });
}
