import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@portal/shared/api/call';
import {
  GET_MESSAGES,
  GET_MESSAGES_UNREAD_COUNT,
  PUT_MESSAGE_READ,
  type TMessagesPage,
  ZMessageReadReply,
  ZMessagesReply,
  ZUnreadCountReply,
} from '@portal/shared/inbox/messages';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery } from '../../../lib/paging';

/** Every inbox query: the pages and the header's count, read again once a message is read. */
const INBOX_KEY = ['inbox'];
const UNREAD_KEY = [...INBOX_KEY, 'unread'];
const PAGES_KEY = [...INBOX_KEY, 'page'];
/** New reminders and notices arrive by themselves: the count looks again every minute. */
const COUNT_REFRESH_MS = 60_000;

/**
 * `GET /messages?page&size`: one page of the participant's messages, the newest first. The page's unread count is
 * the newest there is, so the header's count takes it: the two never disagree.
 */
export function useMessages(page: number, size: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...PAGES_KEY, page, size],
    queryFn: async () => {
      const data = (await authorizedRequest(`${GET_MESSAGES.path}?${pagingQuery({ page, size })}`, ZMessagesReply))
        .data!;
      client.setQueryData(UNREAD_KEY, data.unread);
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /messages/unread-count`: the header's count; nothing is asked while not `enabled` (staff, visitors). When the
 * count differs from the page on screen (a new reminder or notice came), the page is read again so it shows it too.
 */
export function useUnreadCount(enabled: boolean) {
  const client = useQueryClient();
  const count = useQuery({
    enabled,
    queryKey: UNREAD_KEY,
    queryFn: async () => (await authorizedRequest(GET_MESSAGES_UNREAD_COUNT.path, ZUnreadCountReply)).data!.unread,
    refetchInterval: COUNT_REFRESH_MS,
  });
  const { data, dataUpdatedAt } = count;
  useEffect(() => {
    if (data === undefined) return;
    const shown = client.getQueryCache().findAll({ queryKey: PAGES_KEY, type: 'active' });
    if (shown.some((query) => (query.state.data as TMessagesPage | undefined)?.unread !== data))
      void client.invalidateQueries({ queryKey: PAGES_KEY });
  }, [data, dataUpdatedAt, client]);
  return count;
}

/** `PUT /messages/:id/read`: marks a message read; the list and the header's count are read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await authorizedRequest(pathOf(PUT_MESSAGE_READ.path, { id }), ZMessageReadReply, jsonRequest('PUT'))).data!,
    onSuccess: ({ unread }) => client.setQueryData(UNREAD_KEY, unread),
    onSettled: () => client.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}
