import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZOpenedUsersReply,
  ZSurveyCompletionReply,
  ZSurveyReportCountReply,
  type TOpenedUsersSortField,
} from '@portal/shared/surveys/opened-users';
import { authorizedRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

/** `GET /survey/opened-users`: one page of the participants whose survey window is open now. */
export function useOpenedUsers(request: PageRequest<TOpenedUsersSortField>) {
  return useQuery({
    queryKey: ['survey-window', 'opened-users', request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`/survey/opened-users?${pagingQuery(request)}`, ZOpenedUsersReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `GET /survey/report/count`: open windows, and of them not started, started and all submitted. */
export function useSurveyReportCount() {
  return useQuery({
    queryKey: ['survey-window', 'count'],
    queryFn: async () => (await authorizedRequest('/survey/report/count', ZSurveyReportCountReply)).data!,
  });
}

/** `GET /survey/report/completion?days=`: open windows and submitted questionnaires per day. */
export function useSurveyCompletion(days: number) {
  return useQuery({
    queryKey: ['survey-window', 'completion', days],
    queryFn: async () =>
      (await authorizedRequest(`/survey/report/completion?days=${days}`, ZSurveyCompletionReply)).data!,
  });
}
