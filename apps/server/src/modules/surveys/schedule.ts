import { z } from 'zod';
import { ZSurveyPeriod, ZSurveyPeriodUpdate, type TSurveyPeriod } from '@portal/shared/surveys/survey-period';
import type { TFieldError } from '@portal/shared/api/envelope';
import { fieldErrors } from '@portal/shared/api/field-errors';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { DEFAULT_SURVEY_PERIOD, DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS } from '../../db/seed-data';
import type { Clock } from '../../providers/clock/clock';
import { findAppSetting, saveAppSetting } from '../../db/app-settings';

const ZIntervalMonths = z.number().int().min(1).max(120);
/** Every change of the survey period, oldest first, so a round gets the period in force when it opened. */
const ZPeriodChanges = z.array(z.object({ at: z.iso.datetime(), from: z.number().int(), to: z.number().int() }));
type TPeriodChange = z.infer<typeof ZPeriodChanges>[number];

/** The survey period (1 to 365 days a round stays open) and the months between rounds (12 by default). */
export function createSurveyScheduleSettings({ db, clock }: { db: Database; clock: Clock }) {
  async function getPeriod(): Promise<TSurveyPeriod> {
    const parsed = ZSurveyPeriod.safeParse(await findAppSetting(db, 'surveyPeriod'));
    return parsed.success ? parsed.data : DEFAULT_SURVEY_PERIOD;
  }
  async function getPeriodChanges(): Promise<TPeriodChange[]> {
    const parsed = ZPeriodChanges.safeParse(await findAppSetting(db, 'surveyPeriodChanges'));
    return parsed.success ? parsed.data : [];
  }
  return {
    getPeriod,
    async getSchedule() {
      const [period, changes, interval] = await Promise.all([
        getPeriod(),
        getPeriodChanges(),
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
     * open from now on.
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
      const change = { at: now.toISOString(), from: before.value, to: saved.value };
      const changes = [...(await getPeriodChanges()), change];
      await db.transaction(async (tx) => {
        await saveAppSetting(tx, 'surveyPeriod', saved, now);
        await saveAppSetting(tx, 'surveyPeriodChanges', changes, now);
      });
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
