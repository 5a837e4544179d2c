import { useMutation, useQuery } from '@tanstack/react-query';
import { GET_MAIL_UNSUBSCRIBE, POST_MAIL_UNSUBSCRIBE, ZUnsubscribeReply } from '@portal/shared/mail/unsubscribe';
import { apiRequest, jsonRequest } from '../../../lib/api-client';

const withToken = (path: string, token: string) => `${path}?${new URLSearchParams({ token }).toString()}`;

/** What the e-mail's link stops, and whether it is stopped already; read once per token. */
export function useUnsubscribeLink(token: string | null) {
  return useQuery({
    queryKey: ['mail-unsubscribe', token],
    queryFn: async () => (await apiRequest(withToken(GET_MAIL_UNSUBSCRIBE.path, token ?? ''), ZUnsubscribeReply)).data!,
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** Leaves the link's category (a JSON body: the page, not a mail app's one-click). */
export function useUnsubscribe(token: string | null) {
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(
          withToken(POST_MAIL_UNSUBSCRIBE.path, token ?? ''),
          ZUnsubscribeReply,
          jsonRequest(POST_MAIL_UNSUBSCRIBE.method, {}),
        )
      ).data!,
  });
}
