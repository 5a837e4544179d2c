import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ZResetPasswordInitReply,
  ZResetPasswordReply,
  ZVerifyResetPasswordReply,
  type TResetPasswordRequest,
} from '@portal/shared/password/reset-password';
import { apiRequest } from '../../../lib/api-client';

/** `GET /reset-password/init?email=`. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(`/reset-password/init?${new URLSearchParams({ email }).toString()}`, ZResetPasswordInitReply),
  });
}

/** `GET /verify-reset-password?token=&id=`: asked once per link and page load. */
export function useVerifyResetLink(token: string | null, id: string | null) {
  return useQuery({
    queryKey: ['verify-reset-password', token, id],
    queryFn: () =>
      apiRequest(
        `/verify-reset-password?${new URLSearchParams({ token: token ?? '', id: id ?? '' }).toString()}`,
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
      apiRequest('/reset-password', ZResetPasswordReply, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
  });
}
