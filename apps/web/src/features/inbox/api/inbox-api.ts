import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@portal/shared/api/call';
import {
  GET_MESSAGES,
  GET_MESSAGES_UNREAD_COUNT,
  PUT_MESSAGE_READ,
  ZMessageReadReply,
  ZMessagesReply,
  ZUnreadCountReply,
} from '@portal/shared/inbox/messages';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery } from '../../../lib/paging';

/** Every inbox query: the pages and the header's count, read again once a message is read. */
const INBOX_KEY = ['inbox'];
/** New reminders and notices arrive by themselves: the count looks again every minute. */
const COUNT_REFRESH_MS = 60_000;

/** `GET /messages?page&size`: one page of the participant's messages, the newest first. */
export function useMessages(page: number, size: number) {
  return useQuery({
    queryKey: [...INBOX_KEY, 'page', page, size],
    queryFn: async () =>
      (await authorizedRequest(`${GET_MESSAGES.path}?${pagingQuery({ page, size })}`, ZMessagesReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `GET /messages/unread-count`: the header's count; nothing is asked while not `enabled` (staff, visitors). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...INBOX_KEY, 'unread'],
    queryFn: async () => (await authorizedRequest(GET_MESSAGES_UNREAD_COUNT.path, ZUnreadCountReply)).data!.unread,
    refetchInterval: COUNT_REFRESH_MS,
  });
}

/** `PUT /messages/:id/read`: marks a message read; the list and the header's count are read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await authorizedRequest(pathOf(PUT_MESSAGE_READ.path, { id }), ZMessageReadReply, jsonRequest('PUT'))).data!,
    onSuccess: ({ unread }) => client.setQueryData([...INBOX_KEY, 'unread'], unread),
    onSettled: () => client.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}
