import { useQuery } from '@tanstack/react-query';
import { ZClientConfigReply, GET_CLIENT_CONFIG } from '@portal/shared/client-config';
import { apiRequest } from './api-client';

/** Run-time settings (contact details, payload key, captcha) fetched once per page load. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: async () => (await apiRequest(GET_CLIENT_CONFIG.path, ZClientConfigReply)).data,
    staleTime: Infinity,
  });
}
