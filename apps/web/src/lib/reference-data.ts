import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  FALLBACK_LANGUAGES,
  ZLanguagesReply,
  type TLanguageOption,
  GET_EXTERNALIZATION_LANGUAGES,
} from '@portal/shared/reference/languages';
import {
  FALLBACK_PASSWORD_POLICY,
  ZPasswordPolicyReply,
  type TPasswordPolicy,
  GET_EXTERNALIZATION_PASSWORD_POLICY,
} from '@portal/shared/reference/password-policy';
import {
  FALLBACK_REGISTRATION_DROPDOWNS,
  ZRegistrationDropdownsReply,
  type TRegistrationDropdowns,
  GET_EXTERNALIZATION_REGISTRATION_DROPDOWNS,
} from '@portal/shared/reference/registration-dropdowns';
import { apiRequest } from './api-client';

const TEN_MINUTES = 600_000;

/**
 * A reference read anyone may make (no token), kept for ten minutes; the built-in fallback when the call fails
 * or answers nothing usable.
 */
function useReferenceData<T>(
  key: string,
  path: string,
  schema: z.core.$ZodType<{ status: boolean; message?: string; data?: T }>,
  fallback: T,
  usable: (data: T) => boolean = () => true,
) {
  return useQuery({
    queryKey: [key],
    queryFn: async (): Promise<T> => {
      try {
        const { data } = await apiRequest(path, schema);
        return data !== undefined && usable(data) ? data : fallback;
      } catch {
        return fallback;
      }
    },
    staleTime: TEN_MINUTES,
  });
}

/** The password rules of the security policy; the built-in fallback (8 to 15 characters) when the call fails. */
export const usePasswordPolicy = () =>
  useReferenceData<TPasswordPolicy>(
    'password-policy',
    GET_EXTERNALIZATION_PASSWORD_POLICY.path,
    ZPasswordPolicyReply,
    FALLBACK_PASSWORD_POLICY,
  );

/** The registration option lists by language; the built-in fallback when the call fails. */
export const useRegistrationDropdowns = () =>
  useReferenceData<TRegistrationDropdowns>(
    'registration-dropdowns',
    GET_EXTERNALIZATION_REGISTRATION_DROPDOWNS.path,
    ZRegistrationDropdownsReply,
    FALLBACK_REGISTRATION_DROPDOWNS,
  );

/** The languages the portal speaks (name and code); English and Spanish when the call fails or lists none. */
export const useLanguages = () =>
  useReferenceData<TLanguageOption[]>(
    'languages',
    GET_EXTERNALIZATION_LANGUAGES.path,
    ZLanguagesReply,
    FALLBACK_LANGUAGES,
    (languages) => languages.length > 0,
  );
