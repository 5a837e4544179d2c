import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZSecurityPolicyReply,
  type TSecurityPolicyUpdate,
  GET_SETTING_SECURITY_POLICY_CONFIG,
  PUT_SETTING_SECURITY_POLICY_CONFIG,
} from '@portal/shared/settings/security-policy';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { refreshSettingChanges } from './setting-changes-api';

/** `GET /setting/security-policy-config` (administrators): every value of the policy and its version. */
export function useSecurityPolicy() {
  return useQuery({
    queryKey: ['security-policy'],
    queryFn: async () => (await authorizedRequest(GET_SETTING_SECURITY_POLICY_CONFIG.path, ZSecurityPolicyReply)).data!,
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
      (
        await authorizedRequest(
          PUT_SETTING_SECURITY_POLICY_CONFIG.path,
          ZSecurityPolicyReply,
          jsonRequest(PUT_SETTING_SECURITY_POLICY_CONFIG.method, body),
        )
      ).data!,
    onSuccess: () =>
      Promise.all([
        refreshSettingChanges(client, 'security-policy'),
        client.invalidateQueries({ queryKey: ['password-policy'] }),
        client.invalidateQueries({ queryKey: ['client-config'] }),
      ]),
  });
}
