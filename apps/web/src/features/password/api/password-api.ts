import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ZResetPasswordInitReply,
  ZResetPasswordReply,
  ZVerifyResetPasswordReply,
  type TResetPasswordRequest,
  GET_RESET_PASSWORD_INIT,
  GET_VERIFY_RESET_PASSWORD,
  POST_RESET_PASSWORD,
} from '@portal/shared/password/reset-password';
import { apiRequest } from '../../../lib/api-client';

/** `GET /reset-password/init?email=`. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(
        `${GET_RESET_PASSWORD_INIT.path}?${new URLSearchParams({ email }).toString()}`,
        ZResetPasswordInitReply,
      ),
  });
}

/** `GET /verify-reset-password?token=&id=`: asked once per link and page load. */
export function useVerifyResetLink(token: string | null, id: string | null) {
  return useQuery({
    queryKey: ['verify-reset-password', token, id],
    queryFn: () =>
      apiRequest(
        `${GET_VERIFY_RESET_PASSWORD.path}?${new URLSearchParams({ token: token ?? '', id: id ?? '' }).toString()}`,
        ZVerifyResetPasswordReply,
      ),
    enabled: Boolean(token && id),
    retry: false,
    staleTime: Infinity,
  });
}

/** `POST /reset-password`. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) =>
      apiRequest(POST_RESET_PASSWORD.path, ZResetPasswordReply, {
        method: POST_RESET_PASSWORD.method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
  });
}
