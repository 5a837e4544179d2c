import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@portal/shared/api/call';
import {
  GET_EMAIL_SUPPRESSIONS,
  POST_EMAIL_SUPPRESSION_LIFT,
  ZSuppressionLiftReply,
  ZSuppressionsReply,
} from '@portal/shared/email-analytics/suppressions';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

const SUPPRESSIONS_KEY = ['email-analytics', 'suppressions'];

/** `GET /email-analytics/suppressions`: one page of the addresses on the suppression list. */
export function useSuppressions(request: PageRequest<'createdAt'>) {
  return useQuery({
    queryKey: [...SUPPRESSIONS_KEY, request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${GET_EMAIL_SUPPRESSIONS.path}?${pagingQuery(request)}`, ZSuppressionsReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `POST /email-analytics/suppressions/:id/lift`: lifts an entry; answers the server's message. */
export function useLiftSuppression() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await authorizedRequest(
          pathOf(POST_EMAIL_SUPPRESSION_LIFT.path, { id }),
          ZSuppressionLiftReply,
          jsonRequest(POST_EMAIL_SUPPRESSION_LIFT.method),
        )
      ).message,
    onSettled: () => client.invalidateQueries({ queryKey: SUPPRESSIONS_KEY }),
  });
}
