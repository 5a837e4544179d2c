import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@portal/shared/api/envelope';
import { API_BASE } from '@portal/shared/constants';
import {
  ZSurveyNotificationReply,
  ZSurveyWidgetReply,
  GET_SURVEY_NOTIFICATION,
  GET_SURVEY_WIDGET,
  POST_SURVEY_TOUR,
} from '@portal/shared/surveys/survey-entries';
import {
  ZSurveyResponseReply,
  ZSurveySaveReply,
  ZSurveyStartReply,
  ZSurveySubmitReply,
  type TSurveySave,
  type TSurveyStart,
  GET_SURVEY_RESPONSE,
  POST_SURVEY_RESPONSE_SUBMIT,
  POST_SURVEY_START,
  PUT_SURVEY_RESPONSE,
} from '@portal/shared/surveys/survey-response';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { readStoredTokens } from '../../../lib/auth-storage';
import { pathOf } from '@portal/shared/api/call';

const WIDGET_KEY = ['survey-widget'];
const NOTIFICATION_KEY = ['survey-notification'];
const responseKey = (responseId: string) => ['survey-response', responseId];

/** `GET /survey/widget`: everything the Surveys screen lists. */
export function useSurveyWidget() {
  return useQuery({
    queryKey: WIDGET_KEY,
    queryFn: async () => (await authorizedRequest(GET_SURVEY_WIDGET.path, ZSurveyWidgetReply)).data!,
    retry: 1,
  });
}

/** `GET /survey/notification`: whether a questionnaire waits for the participant. */
export function useSurveyNotification(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATION_KEY,
    queryFn: async () => (await authorizedRequest(GET_SURVEY_NOTIFICATION.path, ZSurveyNotificationReply)).data!,
    enabled,
    retry: 1,
  });
}

/** `POST /survey/tour`: the welcome tour was finished or skipped, and is not shown again. */
export function useMarkTourSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      authorizedRequest(POST_SURVEY_TOUR.path, envelope(z.unknown()), jsonRequest(POST_SURVEY_TOUR.method)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WIDGET_KEY }),
  });
}

/** `POST /survey/start`: the response to open (a new one, or the one already started). */
export function useStartSurvey() {
  return useMutation({
    mutationFn: async (body: TSurveyStart) =>
      (await authorizedRequest(POST_SURVEY_START.path, ZSurveyStartReply, jsonRequest(POST_SURVEY_START.method, body)))
        .data!.responseId,
  });
}

/** `GET /survey/response/:id`: the form in its version and the answers saved so far. */
export function useSurveyResponse(responseId: string) {
  return useQuery({
    queryKey: responseKey(responseId),
    queryFn: async () =>
      (await authorizedRequest(pathOf(GET_SURVEY_RESPONSE.path, { responseId }), ZSurveyResponseReply)).data!,
    retry: 1,
    // The runner owns the answers once open: a refetch would not add anything and could reset the page. Once
    // closed, the copy is dropped, so opening it again reads what was saved.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** `PUT /survey/response/:id`: saves the answers so far and the page. */
export const saveSurveyAnswers = (responseId: string, body: TSurveySave) =>
  authorizedRequest(
    pathOf(PUT_SURVEY_RESPONSE.path, { responseId }),
    ZSurveySaveReply,
    jsonRequest(PUT_SURVEY_RESPONSE.method, body),
  );

/**
 * The same save as the page goes away (closing the tab, reloading): a keepalive request the browser finishes
 * after the page is gone. Nothing can be shown about its outcome.
 */
export function saveSurveyAnswersOnLeaving(responseId: string, body: TSurveySave) {
  const token = readStoredTokens()?.access_token;
  if (!token) return;
  const init = jsonRequest(PUT_SURVEY_RESPONSE.method, body);
  void fetch(`${API_BASE}${pathOf(PUT_SURVEY_RESPONSE.path, { responseId })}`, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

/** `POST /survey/response/:id/submit`; afterwards the lists and the notice are read again. */
export function useSubmitSurvey(responseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: Record<string, unknown>) =>
      (
        await authorizedRequest(
          pathOf(POST_SURVEY_RESPONSE_SUBMIT.path, { responseId }),
          ZSurveySubmitReply,
          jsonRequest(POST_SURVEY_RESPONSE_SUBMIT.method, { answers }),
        )
      ).data!,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WIDGET_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEY }),
        queryClient.invalidateQueries({ queryKey: responseKey(responseId) }),
      ]),
  });
}
