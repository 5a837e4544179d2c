import { useMutation, useQuery } from '@tanstack/react-query';
import { toRegisterPayload, ZRegisterReply, POST_REGISTER } from '@portal/shared/registration/register';
import { ZValidateCredentialsReply, POST_VALIDATE_CREDENTIALS } from '@portal/shared/registration/validate-credentials';
import {
  ZRegistrationConfirmReply,
  ZResendActivationReply,
  GET_REGISTRATION_CONFIRM,
  GET_RESEND_ACTIVATION_EMAIL,
} from '@portal/shared/registration/activation';
import type { TRegistrationValues } from '@portal/shared/registration/registration-form';
import { apiRequest } from '../../../lib/api-client';
import { postSealed } from '../../../lib/sealed-request';

export function validateCredentials(email: string, password: string) {
  return postSealed(POST_VALIDATE_CREDENTIALS.path, { email, password }, ZValidateCredentialsReply);
}

export function register(values: TRegistrationValues, altcha: string | undefined) {
  return postSealed(POST_REGISTER.path, toRegisterPayload(values, altcha), ZRegisterReply);
}

/** Resends the activation e-mail, by address (thank-you page) or by account id (expired link page). */
export function useResendActivation() {
  return useMutation({
    mutationFn: (who: { email: string } | { id: string }) =>
      apiRequest(`${GET_RESEND_ACTIVATION_EMAIL.path}?${new URLSearchParams(who).toString()}`, ZResendActivationReply),
  });
}

/** Uses the activation link once; the query cache keeps a second render from using it again. */
export function useRegistrationConfirm(token: string | null, id: string | null) {
  return useQuery({
    queryKey: ['registration-confirm', token, id],
    queryFn: () =>
      apiRequest(
        `${GET_REGISTRATION_CONFIRM.path}?${new URLSearchParams({ token: token ?? '', id: id ?? '' }).toString()}`,
        ZRegistrationConfirmReply,
      ),
    enabled: Boolean(token && id),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
