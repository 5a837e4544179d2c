import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDateRange } from '@portal/shared/api/date-range';
import {
  ZEmailFailuresReply,
  ZEmailRetryReply,
  GET_EMAIL_ANALYTICS_FAILURES,
  POST_EMAIL_ANALYTICS_FAILURES_RETRY,
} from '@portal/shared/email-analytics/email-failures';
import { ZEmailSummaryReply, GET_EMAIL_ANALYTICS_SUMMARY } from '@portal/shared/email-analytics/email-summary';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { useDashboardQuery } from '../../../components/analytics-dashboards/dashboard-query';
import { pathOf } from '@portal/shared/api/call';

const FAILURES_KEY = ['email-analytics', 'failures'];
const rangeQuery = ({ from, to }: TDateRange) => `from=${from}&to=${to}`;

/** `GET /email-analytics/summary?from&to`: the dashboard's figures, with the session or the dashboard's token. */
export function useEmailSummary(range: TDateRange) {
  const path = `${GET_EMAIL_ANALYTICS_SUMMARY.path}?${rangeQuery(range)}`;
  return useDashboardQuery({ key: [path], path, schema: ZEmailSummaryReply });
}

/** `GET /email-analytics/failures`: one page of the range's messages that failed for good. */
export function useEmailFailures(range: TDateRange, request: PageRequest<'lastAttemptAt'>) {
  return useQuery({
    queryKey: [...FAILURES_KEY, range.from, range.to, request.page, request.size, request.sort],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${GET_EMAIL_ANALYTICS_FAILURES.path}?${pagingQuery(request)}&${rangeQuery(range)}`,
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
      (
        await authorizedRequest(
          pathOf(POST_EMAIL_ANALYTICS_FAILURES_RETRY.path, { id }),
          ZEmailRetryReply,
          jsonRequest(POST_EMAIL_ANALYTICS_FAILURES_RETRY.method),
        )
      ).message,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: FAILURES_KEY }),
        client.invalidateQueries({ queryKey: ['dashboards'] }),
      ]),
  });
}
