import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZOpenedUsersReply,
  ZSurveyCompletionReply,
  ZSurveyReportCountReply,
  type TOpenedUsersSortField,
  GET_SURVEY_OPENED_USERS,
  GET_SURVEY_REPORT_COUNT,
  GET_SURVEY_REPORT_COMPLETION,
} from '@portal/shared/surveys/opened-users';
import { authorizedRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { useDashboardQuery } from '../../../components/analytics-dashboards/dashboard-query';

/** `GET /survey/opened-users`: one page of the participants whose survey window is open now. */
export function useOpenedUsers(request: PageRequest<TOpenedUsersSortField>) {
  return useQuery({
    queryKey: ['survey-window', 'opened-users', request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${GET_SURVEY_OPENED_USERS.path}?${pagingQuery(request)}`, ZOpenedUsersReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `GET /survey/report/count`: open windows, and of them not started, started and all submitted. */
export function useSurveyReportCount() {
  const path = GET_SURVEY_REPORT_COUNT.path;
  return useDashboardQuery({ key: [path], path, schema: ZSurveyReportCountReply });
}

/** `GET /survey/report/completion?days=`: open windows and submitted questionnaires per day. */
export function useSurveyCompletion(days: number) {
  const path = `${GET_SURVEY_REPORT_COMPLETION.path}?days=${days}`;
  return useDashboardQuery({ key: [path], path, schema: ZSurveyCompletionReply });
}
