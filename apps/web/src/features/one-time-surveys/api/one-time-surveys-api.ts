import type { z } from 'zod';
import type { Page } from '@portal/shared/api/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZOneTimeDetailReply,
  ZOneTimeFailureReply,
  ZOneTimeListReply,
  ZOneTimeSavedReply,
  ZOneTimeStatsReply,
  ZOneTimeUsersReply,
  ZParticipantCheckReply,
  type TOneTimeSurveyUpdate,
  GET_SURVEY_ONE_TIME,
  GET_SURVEY_ONE_TIME_DETAIL,
  GET_SURVEY_ONE_TIME_FAILURE,
  GET_SURVEY_ONE_TIME_STATS,
  GET_SURVEY_ONE_TIME_USERS,
  POST_SURVEY_ONE_TIME,
  POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK,
  PUT_SURVEY_ONE_TIME,
} from '@portal/shared/surveys/one-time-surveys';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

/** Every one-time survey query starts with this key, so a save refreshes lists, details and stats at once. */
const oneTimeKey = ['one-time-surveys'];

/** `GET /survey/one-time`: one page of the surveys, by start date, newest first unless told. */
export function useOneTimeSurveys(request: PageRequest) {
  return useQuery({
    queryKey: [...oneTimeKey, 'list', request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${GET_SURVEY_ONE_TIME.path}?${pagingQuery(request)}`, ZOneTimeListReply)).data!,
    placeholderData: keepPreviousData,
  });
}

/** `GET /survey/one-time/detail?id=`: one survey with its form definition. */
export function useOneTimeSurvey(id: string) {
  return useQuery({
    queryKey: [...oneTimeKey, 'detail', id],
    queryFn: async () =>
      (await authorizedRequest(`${GET_SURVEY_ONE_TIME_DETAIL.path}?id=${encodeURIComponent(id)}`, ZOneTimeDetailReply))
        .data!,
  });
}

/** One page of a survey's participant list (`users` or `failure`), by e-mail. */
function useFormList<T>(
  list: typeof GET_SURVEY_ONE_TIME_USERS | typeof GET_SURVEY_ONE_TIME_FAILURE,
  schema: z.core.$ZodType<{ status: boolean; message?: string; data?: Page<T> }>,
  formId: string,
  request: PageRequest,
) {
  return useQuery({
    queryKey: [...oneTimeKey, list.path, formId, request.page, request.size, request.sort],
    queryFn: async () =>
      (await authorizedRequest(`${list.path}?formId=${encodeURIComponent(formId)}&${pagingQuery(request)}`, schema))
        .data!,
    placeholderData: keepPreviousData,
  });
}

/** `GET /survey/one-time/users`: one page of a survey's configured participants and how far each got. */
export const useOneTimeUsers = (formId: string, request: PageRequest) =>
  useFormList(GET_SURVEY_ONE_TIME_USERS, ZOneTimeUsersReply, formId, request);

/** `GET /survey/one-time/failure`: one page of a survey's participants not initiated, and why. */
export const useOneTimeFailures = (formId: string, request: PageRequest) =>
  useFormList(GET_SURVEY_ONE_TIME_FAILURE, ZOneTimeFailureReply, formId, request);

/** `GET /survey/one-time/stats`: the surveys in each state and the ten highest submission rates. */
export function useOneTimeStats() {
  return useQuery({
    queryKey: [...oneTimeKey, 'stats'],
    queryFn: async () => (await authorizedRequest(GET_SURVEY_ONE_TIME_STATS.path, ZOneTimeStatsReply)).data!,
  });
}

/** `POST /survey/one-time/participants/check`: which rows of a participant list match no one, before saving. */
export function useCheckParticipants() {
  return useMutation({
    mutationFn: async (participants: string[]) =>
      (
        await authorizedRequest(
          POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK.path,
          ZParticipantCheckReply,
          jsonRequest(POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK.method, { participants }),
        )
      ).data!,
  });
}

/** `POST /survey/one-time` (a new survey) or `PUT /survey/one-time?id=` (one whose send date has not come). */
export function useSaveOneTimeSurvey(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TOneTimeSurveyUpdate) =>
      (
        await authorizedRequest(
          id ? `${PUT_SURVEY_ONE_TIME.path}?id=${encodeURIComponent(id)}` : POST_SURVEY_ONE_TIME.path,
          ZOneTimeSavedReply,
          jsonRequest(id ? PUT_SURVEY_ONE_TIME.method : POST_SURVEY_ONE_TIME.method, input),
        )
      ).data!,
    onSuccess: () => client.invalidateQueries({ queryKey: oneTimeKey }),
  });
}
