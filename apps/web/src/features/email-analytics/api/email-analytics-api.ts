import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDateRange } from '@portal/shared/api/date-range';
import { ZEmailFailuresReply, ZEmailRetryReply } from '@portal/shared/email-analytics/email-failures';
import { ZEmailSummaryReply } from '@portal/shared/email-analytics/email-summary';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { useDashboardQuery } from '../../../components/analytics-dashboards/dashboard-query';

const FAILURES_KEY = ['email-analytics', 'failures'];
const rangeQuery = ({ from, to }: TDateRange) => `from=${from}&to=${to}`;

/** `GET /email-analytics/summary?from&to`: the dashboard's figures, with the session or the dashboard's token. */
export function useEmailSummary(range: TDateRange) {
  const path = `/email-analytics/summary?${rangeQuery(range)}`;
  return useDashboardQuery({ key: [path], path, schema: ZEmailSummaryReply });
}

/** `GET /email-analytics/failures`: one page of the range's messages that failed for good. */
export function useEmailFailures(range: TDateRange, request: PageRequest<'lastAttemptAt'>) {
  return useQuery({
    queryKey: [...FAILURES_KEY, range.from, range.to, request.page, request.size, request.sort],
    queryFn: async () =>
      (
        await authorizedRequest(
          `/email-analytics/failures?${pagingQuery(request)}&${rangeQuery(range)}`,
          ZEmailFailuresReply,
        )
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/** `POST /email-analytics/failures/:id/retry`: queues a failed message again; answers the server's message. */
export function useRetryEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await authorizedRequest(`/email-analytics/failures/${id}/retry`, ZEmailRetryReply, jsonRequest('POST'))).message,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: FAILURES_KEY }),
        client.invalidateQueries({ queryKey: ['dashboards'] }),
      ]),
  });
}
