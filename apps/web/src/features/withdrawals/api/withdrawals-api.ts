import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateRangeQuery, type TDateRange } from '@portal/shared/api/date-range';
import {
  ZManualWithdrawReply,
  ZPendingRequestsReply,
  DELETE_CONSENT_MANUAL_WITHDRAW,
  GET_CONSENT_MANUAL_WITHDRAW,
} from '@portal/shared/withdrawals/manual-withdraw';
import {
  ZWithdrawalSummaryReply,
  ZWithdrawalUsersReply,
  GET_CONSENT_WITHDRAWAL_USERS,
  GET_CONSENT_WITHDRAWAL_USERS_SUMMARY,
} from '@portal/shared/withdrawals/withdrawal-users';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { useDashboardQuery } from '../../../components/analytics-dashboards/dashboard-query';

const WITHDRAWALS_KEY = ['withdrawals'];
/** The pending requests' queries, read again once a request is recorded or deleted. */
export const PENDING_KEY = ['manual-withdraw'];
/** A queue changes on its own as requests fall due, so the lists look again every ten seconds. */
const QUEUE_REFRESH_MS = 10_000;

/** `GET /consent/withdrawal-users`: one page of withdrawn participants. */
export function useWithdrawalUsers(request: PageRequest<'withdrawalDate' | 'email'>) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, 'users', request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${GET_CONSENT_WITHDRAWAL_USERS.path}?${pagingQuery(request)}`, ZWithdrawalUsersReply))
        .data!,
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** `GET /consent/withdrawal-users/summary[?from&to]`: the Withdrawals dashboard's figures (12 months unless told). */
export function useWithdrawalSummary(range: TDateRange | undefined) {
  const path = `${GET_CONSENT_WITHDRAWAL_USERS_SUMMARY.path}${range ? `?${dateRangeQuery(range)}` : ''}`;
  return useDashboardQuery({ key: [path], path, schema: ZWithdrawalSummaryReply, refetchInterval: QUEUE_REFRESH_MS });
}

/** `GET /consent/manual-withdraw`: one page of pending requests and the hold; nothing is asked while not `enabled`. */
export function usePendingRequests(request: PageRequest<'dueAt' | 'requestedAt' | 'email'>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...PENDING_KEY, request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${GET_CONSENT_MANUAL_WITHDRAW.path}?${pagingQuery(request)}`, ZPendingRequestsReply))
        .data!,
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** `DELETE /consent/manual-withdraw?email=`: deletes the pending request of an address. */
export function useDeleteRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await authorizedRequest(
          `${DELETE_CONSENT_MANUAL_WITHDRAW.path}?${new URLSearchParams({ email })}`,
          ZManualWithdrawReply,
          jsonRequest(DELETE_CONSENT_MANUAL_WITHDRAW.method),
        )
      ).message,
    onSettled: () => client.invalidateQueries({ queryKey: PENDING_KEY }),
  });
}
