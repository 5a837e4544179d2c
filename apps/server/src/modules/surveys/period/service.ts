import { z } from 'zod';
import {
  ZSurveyPeriod,
  ZSurveyPeriodUpdate,
  type TSurveyPeriod,
  type TSurveyPeriodConfig,
} from '@portal/shared/surveys/survey-period';
import { fieldErrors } from '@portal/shared/api/field-errors';
import type { Database } from '../../../db/client';
import { findAppSetting, lockAppSetting, saveAppSetting } from '../../../db/app-settings';
import { DEFAULT_SURVEY_PERIOD, DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS } from '../../../db/seed-data';
import { changeSetting } from '../../../db/setting-changes';
import { refused, type DataOutcome } from '../../../lib/outcome';
import { settingVersion } from '../../../lib/setting-version';
import type { Clock } from '../../../providers/clock/clock';
import type { SettingEditor } from '../../../lib/setting-editor';

const ZIntervalMonths = z.number().int().min(1).max(120);
/** Every change of the survey period, oldest first, so a round gets the period in force when it opened. */
const ZPeriodChanges = z.array(z.object({ at: z.iso.datetime(), from: z.number().int(), to: z.number().int() }));
type TPeriodChange = z.infer<typeof ZPeriodChanges>[number];

const periodOf = (stored: unknown): TSurveyPeriod => {
  const parsed = ZSurveyPeriod.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_SURVEY_PERIOD;
};
const periodChangesOf = (stored: unknown): TPeriodChange[] => {
  const parsed = ZPeriodChanges.safeParse(stored);
  return parsed.success ? parsed.data : [];
};
const withVersion = (period: TSurveyPeriod): TSurveyPeriodConfig => ({ ...period, version: settingVersion(period) });

/** The survey period (1 to 365 days a round stays open) and the months between rounds. */
export function createSurveyScheduleSettings({ db, clock }: { db: Database; clock: Clock }) {
  const getPeriod = async () => periodOf(await findAppSetting(db, 'surveyPeriod'));
  return {
    /** `GET /survey/config/period` (administrators): the period and its version. */
    async getPeriodConfig(): Promise<TSurveyPeriodConfig> {
      return withVersion(await getPeriod());
    },
    async getSchedule() {
      const [period, changes, interval] = await Promise.all([
        getPeriod(),
        findAppSetting(db, 'surveyPeriodChanges').then(periodChangesOf),
        findAppSetting(db, 'surveyRoundIntervalMonths'),
      ]);
      const months = ZIntervalMonths.safeParse(interval);
      return {
        /** The period in force at a moment: what the first change after it changed from, else today's. */
        periodDaysAt: (moment: Date) => changes.find((c) => new Date(c.at) > moment)?.from ?? period.value,
        intervalMonths: months.success ? months.data : DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS,
      };
    },
    /**
     * `PUT /survey/config/period` (administrators). Rounds already open keep the window they opened with, even
     * those not yet recorded (a participant who has not visited since); the new period applies to rounds that
     * open from now on. The period is locked while its list of changes is read and extended, so two saves at
     * once both stay in the list.
     */
    async savePeriod(body: unknown, who: SettingEditor): Promise<DataOutcome<TSurveyPeriodConfig>> {
      const parsed = ZSurveyPeriodUpdate.safeParse(body);
      if (!parsed.success) return refused(400, 'error.invalidRequest', fieldErrors(parsed.error));
      const now = clock.now();
      const saved = await changeSetting(db, {
        setting: 'survey-period',
        version: parsed.data.version,
        lock: async (tx) => periodOf(await lockAppSetting(tx, 'surveyPeriod', DEFAULT_SURVEY_PERIOD, now)),
        write: async (tx, before) => {
          const after = { ...before, value: parsed.data.period };
          if (after.value === before.value) return before;
          const changes = periodChangesOf(await findAppSetting(tx, 'surveyPeriodChanges'));
          const change = { at: now.toISOString(), from: before.value, to: after.value };
          await saveAppSetting(tx, 'surveyPeriod', after, now);
          await saveAppSetting(tx, 'surveyPeriodChanges', [...changes, change], now);
          return after;
        },
        who,
        at: now,
      });
      return saved.ok ? { ok: true, data: withVersion(saved.data) } : saved;
    },
  };
}
export type SurveyScheduleSettings = ReturnType<typeof createSurveyScheduleSettings>;
