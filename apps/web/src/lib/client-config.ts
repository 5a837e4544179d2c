import { useQuery } from '@tanstack/react-query';
import { ZClientConfigReply } from '@portal/shared/client-config';
import { apiRequest } from './api-client';

/** Run-time settings (contact details, payload key, captcha) fetched once per page load. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: async () => (await apiRequest('/client-config', ZClientConfigReply)).data,
    staleTime: Infinity,
  });
}
