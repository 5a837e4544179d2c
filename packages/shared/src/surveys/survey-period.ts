import { z } from 'zod';
import { envelope } from '../api/envelope';
import { SURVEY_PERIOD_DAYS } from '../constants';
import { ZSettingVersion } from '../settings/setting-version';
import { call } from '../api/call';

export const GET_SURVEY_CONFIG_PERIOD = call('GET', '/survey/config/period');

export const SURVEY_PERIOD_MESSAGE = 'error.surveyPeriod';

/** How many days a survey round stays open: 1 to 365. */
export const ZSurveyPeriodDays = z
  .number({ error: SURVEY_PERIOD_MESSAGE })
  .int(SURVEY_PERIOD_MESSAGE)
  .min(SURVEY_PERIOD_DAYS.min, SURVEY_PERIOD_MESSAGE)
  .max(SURVEY_PERIOD_DAYS.max, SURVEY_PERIOD_MESSAGE);

/** The stored survey period setting. */
export const ZSurveyPeriod = z.object({ value: ZSurveyPeriodDays, description: z.string() });
export type TSurveyPeriod = z.infer<typeof ZSurveyPeriod>;
export const PUT_SURVEY_CONFIG_PERIOD = call('PUT', '/survey/config/period');

/** `GET` and `PUT /survey/config/period` reply: the setting and its version. */
export const ZSurveyPeriodConfig = ZSurveyPeriod.extend({ version: z.optional(ZSettingVersion) });
export type TSurveyPeriodConfig = z.infer<typeof ZSurveyPeriodConfig>;
export const ZSurveyPeriodReply = envelope(ZSurveyPeriodConfig);
/** `PUT /survey/config/period` body: `{ period }` and the version the editor opened. */
export const ZSurveyPeriodUpdate = z.object({ period: ZSurveyPeriodDays, version: z.optional(ZSettingVersion) });
export const ZSurveyPeriodUpdateRequest = z.object({ period: z.unknown(), version: z.unknown().optional() });
