import { z } from 'zod';
import { ZSurveyPeriod, ZSurveyPeriodUpdate, type TSurveyPeriod } from '@portal/shared/surveys/survey-period';
import type { TFieldError } from '@portal/shared/api/envelope';
import { fieldErrors } from '@portal/shared/registration/registration-form';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { DEFAULT_SURVEY_PERIOD, DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS } from '../../db/seed-data';
import type { Clock } from '../../providers/clock/clock';
import { findAppSetting, saveAppSetting } from '../../db/app-settings';

const ZIntervalMonths = z.number().int().min(1).max(120);

/** The survey period (spec section 5) and the months between rounds (DECISIONS.md, "Survey rounds"). */
export function createSurveyScheduleSettings({ db, clock }: { db: Database; clock: Clock }) {
  async function getPeriod(): Promise<TSurveyPeriod> {
    const parsed = ZSurveyPeriod.safeParse(await findAppSetting(db, 'surveyPeriod'));
    return parsed.success ? parsed.data : DEFAULT_SURVEY_PERIOD;
  }
  return {
    getPeriod,
    async getSchedule() {
      const [period, interval] = await Promise.all([getPeriod(), findAppSetting(db, 'surveyRoundIntervalMonths')]);
      const months = ZIntervalMonths.safeParse(interval);
      return {
        periodDays: period.value,
        intervalMonths: months.success ? months.data : DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS,
      };
    },
    /**
     * `PUT /survey/config/period` (administrators). Rounds already open keep the window they opened with; the
     * new period applies to rounds that open from now on.
     */
    async savePeriod(
      body: unknown,
      who: { userId: string; ip: string },
    ): Promise<{ ok: true; data: TSurveyPeriod } | { ok: false; errors: TFieldError[] }> {
      const parsed = ZSurveyPeriodUpdate.safeParse(body);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const now = clock.now();
      const before = await getPeriod();
      const saved = { ...before, value: parsed.data.period };
      await saveAppSetting(db, 'surveyPeriod', saved, now);
      await recordAudit(db, {
        at: now,
        action: 'survey-period.updated',
        actorId: who.userId,
        details: { from: before.value, to: saved.value },
        ip: who.ip,
      });
      return { ok: true, data: saved };
    },
  };
}
export type SurveyScheduleSettings = ReturnType<typeof createSurveyScheduleSettings>;
