import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZSurveyPeriodReply,
  type TSurveyPeriodConfig,
  type ZSurveyPeriodUpdate,
  GET_SURVEY_CONFIG_PERIOD,
  PUT_SURVEY_CONFIG_PERIOD,
} from '@portal/shared/surveys/survey-period';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { refreshSettingChanges } from './setting-changes-api';

const surveyPeriodKey = ['survey-period'];

/** `GET /survey/config/period`: the days a survey round stays open, its description and version. */
export function useSurveyPeriod() {
  return useQuery({
    queryKey: surveyPeriodKey,
    queryFn: async () => (await authorizedRequest(GET_SURVEY_CONFIG_PERIOD.path, ZSurveyPeriodReply)).data!,
  });
}

/** `PUT /survey/config/period`: the new period with the version the editor opened. */
export function useSaveSurveyPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.infer<typeof ZSurveyPeriodUpdate>) =>
      (
        await authorizedRequest(
          PUT_SURVEY_CONFIG_PERIOD.path,
          ZSurveyPeriodReply,
          jsonRequest(PUT_SURVEY_CONFIG_PERIOD.method, body),
        )
      ).data!,
    onSuccess: (period: TSurveyPeriodConfig) => {
      client.setQueryData(surveyPeriodKey, period);
      void refreshSettingChanges(client, 'survey-period');
    },
  });
}
