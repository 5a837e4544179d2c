import { useQuery } from '@tanstack/react-query';
import {
  FALLBACK_PASSWORD_POLICY,
  ZPasswordPolicyReply,
  type TPasswordPolicy,
} from '@portal/shared/reference/password-policy';
import {
  FALLBACK_REGISTRATION_DROPDOWNS,
  ZRegistrationDropdownsReply,
  type TRegistrationDropdowns,
} from '@portal/shared/reference/registration-dropdowns';
import { apiRequest } from './api-client';

const TEN_MINUTES = 600_000;

/** The password rules of the security policy; the built-in fallback (8 to 15 characters) when the call fails. */
export function usePasswordPolicy() {
  return useQuery({
    queryKey: ['password-policy'],
    queryFn: async (): Promise<TPasswordPolicy> => {
      try {
        return (
          (await apiRequest('/externalization/password-policy', ZPasswordPolicyReply)).data ?? FALLBACK_PASSWORD_POLICY
        );
      } catch {
        return FALLBACK_PASSWORD_POLICY;
      }
    },
    staleTime: TEN_MINUTES,
  });
}

/** The registration option lists by language; the built-in fallback when the call fails. */
export function useRegistrationDropdowns() {
  return useQuery({
    queryKey: ['registration-dropdowns'],
    queryFn: async (): Promise<TRegistrationDropdowns> => {
      try {
        return (
          (await apiRequest('/externalization/registration-dropdowns', ZRegistrationDropdownsReply)).data ??
          FALLBACK_REGISTRATION_DROPDOWNS
        );
      } catch {
        return FALLBACK_REGISTRATION_DROPDOWNS;
      }
    },
    staleTime: TEN_MINUTES,
  });
}
