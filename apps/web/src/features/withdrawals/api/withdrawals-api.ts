import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateRangeQuery, type TDateRange } from '@portal/shared/api/date-range';
import {
  ZManualWithdrawReply,
  ZPendingRequestsReply,
  type TManualWithdrawRequest,
} from '@portal/shared/withdrawals/manual-withdraw';
import { ZWithdrawalSummaryReply, ZWithdrawalUsersReply } from '@portal/shared/withdrawals/withdrawal-users';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { useDashboardQuery } from '../../../components/analytics-dashboards/dashboard-query';

const WITHDRAWALS_KEY = ['withdrawals'];
const PENDING_KEY = ['manual-withdraw'];
const REQUESTS_PATH = '/consent/manual-withdraw';
/** A queue changes on its own as requests fall due, so the lists look again every ten seconds. */
const QUEUE_REFRESH_MS = 10_000;

/** `GET /consent/withdrawal-users`: one page of withdrawn participants. */
export function useWithdrawalUsers(request: PageRequest<'withdrawalDate' | 'email'>) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, 'users', request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`/consent/withdrawal-users?${pagingQuery(request)}`, ZWithdrawalUsersReply)).data!,
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** `GET /consent/withdrawal-users/summary[?from&to]`: the Withdrawals dashboard's figures (12 months unless told). */
export function useWithdrawalSummary(range: TDateRange | undefined) {
  const path = `/consent/withdrawal-users/summary${range ? `?${dateRangeQuery(range)}` : ''}`;
  return useDashboardQuery({ key: [path], path, schema: ZWithdrawalSummaryReply, refetchInterval: QUEUE_REFRESH_MS });
}

/** `GET /consent/manual-withdraw`: one page of pending requests and the hold. */
export function usePendingRequests(request: PageRequest<'dueAt' | 'requestedAt' | 'email'>) {
  return useQuery({
    queryKey: [...PENDING_KEY, request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${REQUESTS_PATH}?${pagingQuery(request)}`, ZPendingRequestsReply)).data!,
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** `POST /consent/manual-withdraw`: records a request; the reply's message is 'Request recorded and queued'. */
export function useRecordRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TManualWithdrawRequest) =>
      (await authorizedRequest(REQUESTS_PATH, ZManualWithdrawReply, jsonRequest('POST', body))).message,
    onSuccess: () => client.invalidateQueries({ queryKey: PENDING_KEY }),
  });
}

/** `DELETE /consent/manual-withdraw?email=`: deletes the pending request of an address. */
export function useDeleteRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await authorizedRequest(
          `${REQUESTS_PATH}?${new URLSearchParams({ email })}`,
          ZManualWithdrawReply,
          jsonRequest('DELETE'),
        )
      ).message,
    onSettled: () => client.invalidateQueries({ queryKey: PENDING_KEY }),
  });
}
