import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSecurityPolicyReply, type TSecurityPolicyUpdate } from '@portal/shared/settings/security-policy';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { refreshSettingChanges } from './setting-changes-api';

const PATH = '/setting/security-policy-config';

/** `GET /setting/security-policy-config` (administrators): every value of the policy and its version. */
export function useSecurityPolicy() {
  return useQuery({
    queryKey: ['security-policy'],
    queryFn: async () => (await authorizedRequest(PATH, ZSecurityPolicyReply)).data!,
  });
}

/**
 * `PUT /setting/security-policy-config` (administrators): saves every value. The change history, and this
 * browser's copies of the password rules and the inactivity time-out, are loaded again.
 */
export function useSaveSecurityPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSecurityPolicyUpdate) =>
      (await authorizedRequest(PATH, ZSecurityPolicyReply, jsonRequest('PUT', body))).data!,
    onSuccess: () =>
      Promise.all([
        refreshSettingChanges(client, 'security-policy'),
        client.invalidateQueries({ queryKey: ['password-policy'] }),
        client.invalidateQueries({ queryKey: ['client-config'] }),
      ]),
  });
}
