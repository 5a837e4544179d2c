import type { z } from 'zod';
import type { Page } from '@portal/shared/api/paging';
import {
  ONE_TIME_MESSAGES,
  type TOneTimeFailure,
  type TOneTimeStats,
  type TOneTimeSurvey,
  type TOneTimeUser,
  type ZOneTimeListQuery,
  type ZOneTimeSurveyDetail,
  type ZOneTimeUsersQuery,
} from '@portal/shared/surveys/one-time-surveys';
import type { Database } from '../../../db/client';
import { refused, type DataOutcome } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import {
  allOneTimeSurveys,
  findOneTimeSurvey,
  findSurveyIdOfForm,
  listOneTimeSurveys,
  listSurveyFailures,
  listSurveyUsers,
  surveyFigures,
  type SurveyFigures,
  type SurveyRow,
} from './reports-repository';

/** How many surveys the submission-rate chart shows. */
const TOP_RATES = 10;

const NO_FIGURES = { userCount: 0, successCount: 0, failureCount: 0, submittedCount: 0 };

/** Over once its window has ended; upcoming until its invitations have gone out; in progress in between. */
export function surveyState(survey: Pick<SurveyRow, 'effectiveEndDate' | 'invitationsSentAt'>, now: Date) {
  if (survey.effectiveEndDate <= now) return 'completed' as const;
  return survey.invitationsSentAt ? ('inProgress' as const) : ('upcoming' as const);
}

/**
 * Submissions per invitation that went, as a percentage with one decimal; at most 100 (a participant whose
 * invitation failed may still have answered in the portal).
 */
export function submissionRate(figures: Pick<SurveyFigures, 'successCount' | 'submittedCount'>): number {
  if (figures.successCount === 0) return 0;
  return Math.min(100, Math.round((figures.submittedCount / figures.successCount) * 1000) / 10);
}

function describe(survey: SurveyRow, figures: Omit<SurveyFigures, 'surveyId'>, now: Date): TOneTimeSurvey {
  return {
    id: survey.id,
    formId: survey.formId,
    name: { en: survey.titleEn, sp: survey.titleSp },
    sendDate: survey.sendDate.toISOString(),
    effectiveStartDate: survey.effectiveStartDate.toISOString(),
    effectiveEndDate: survey.effectiveEndDate.toISOString(),
    createdAt: survey.createdAt.toISOString(),
    state: surveyState(survey, now),
    userCount: figures.userCount,
    successCount: figures.successCount,
    failureCount: figures.failureCount,
    submittedCount: figures.submittedCount,
    formEditable: !survey.invitationsSentAt && now < survey.sendDate,
  };
}

const pageOf = <T>(content: T[], total: number, query: { page: number; size: number }): Page<T> => ({
  content,
  totalElements: total,
  page: query.page,
  size: query.size,
});

/** The administrators' views of the one-time surveys: the list, one survey, its participants, and the figures. */
export function createOneTimeReportsService({ db, clock }: { db: Database; clock: Clock }) {
  const notFound = () => refused(404, ONE_TIME_MESSAGES.notFound);

  return {
    async list(query: z.output<typeof ZOneTimeListQuery>): Promise<Page<TOneTimeSurvey>> {
      const { rows, total } = await listOneTimeSurveys(db, query);
      const figures = await surveyFigures(
        db,
        rows.map((row) => row.id),
      );
      const now = clock.now();
      return pageOf(
        rows.map((row) => describe(row, figures.get(row.id) ?? NO_FIGURES, now)),
        total,
        query,
      );
    },

    async detail(surveyId: string): Promise<DataOutcome<z.infer<typeof ZOneTimeSurveyDetail>>> {
      const survey = await findOneTimeSurvey(db, surveyId);
      if (!survey) return notFound();
      const figures = await surveyFigures(db, [surveyId]);
      const definition = survey.definition as Record<string, unknown>;
      return { ok: true, data: { ...describe(survey, figures.get(surveyId) ?? NO_FIGURES, clock.now()), definition } };
    },

    /** A survey's participants and how far each got: not invited yet, invited, started or submitted. */
    async users(query: z.output<typeof ZOneTimeUsersQuery>): Promise<DataOutcome<Page<TOneTimeUser>>> {
      const surveyId = await findSurveyIdOfForm(db, query.formId);
      if (!surveyId) return notFound();
      const { rows, total } = await listSurveyUsers(db, surveyId, query);
      const content = rows.map((row) => ({
        userId: row.userId,
        email: row.email,
        invitedAt: row.invitedAt?.toISOString() ?? null,
        progress: row.submittedAt
          ? ('submitted' as const)
          : row.startedAt
            ? ('started' as const)
            : row.invitedAt
              ? ('notStarted' as const)
              : ('notInvited' as const),
      }));
      return { ok: true, data: pageOf(content, total, query) };
    },

    async failures(query: z.output<typeof ZOneTimeUsersQuery>): Promise<DataOutcome<Page<TOneTimeFailure>>> {
      const surveyId = await findSurveyIdOfForm(db, query.formId);
      if (!surveyId) return notFound();
      const { rows, total } = await listSurveyFailures(db, surveyId, query);
      return { ok: true, data: pageOf(rows as TOneTimeFailure[], total, query) };
    },

    /** How many surveys in each state, and the ten highest submission rates among those whose invitations went. */
    async stats(): Promise<TOneTimeStats> {
      const [surveys, figures] = await Promise.all([allOneTimeSurveys(db), surveyFigures(db)]);
      const now = clock.now();
      const states = surveys.map((survey) => surveyState(survey, now));
      const rates = surveys
        .filter((survey) => survey.invitationsSentAt)
        .map((survey) => ({
          id: survey.id,
          name: { en: survey.titleEn, sp: survey.titleSp },
          rate: submissionRate(figures.get(survey.id) ?? NO_FIGURES),
        }))
        .sort((a, b) => b.rate - a.rate || a.name.en.localeCompare(b.name.en) || a.id.localeCompare(b.id));
      return {
        total: surveys.length,
        upcoming: states.filter((state) => state === 'upcoming').length,
        inProgress: states.filter((state) => state === 'inProgress').length,
        completed: states.filter((state) => state === 'completed').length,
        submissionRateList: rates.slice(0, TOP_RATES),
      };
    },
  };
}
export type OneTimeReportsService = ReturnType<typeof createOneTimeReportsService>;
