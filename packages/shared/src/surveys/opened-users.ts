import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

export const OPENED_USERS_PAGE_SIZES = [10, 25, 50] as const;

export const GET_SURVEY_OPENED_USERS = call('GET', '/survey/opened-users');

/**
 * `GET /survey/opened-users?page&size&sort=closesAt,asc` (administrators): the windows closing soonest come
 * first, so the most urgent are on the first page; also sortable by when the window opened and by e-mail.
 */
export const ZOpenedUsersQuery = pageQuery({
  sizes: OPENED_USERS_PAGE_SIZES,
  sortFields: ['closesAt', 'opensAt', 'email'],
  defaultSort: { field: 'closesAt', direction: 'asc' },
  defaultSize: OPENED_USERS_PAGE_SIZES[0],
});
export type TOpenedUsersQuery = z.output<typeof ZOpenedUsersQuery>;
export type TOpenedUsersSortField = TOpenedUsersQuery['sort']['field'];

/** How far a participant got with one questionnaire of their open round. */
export const QUESTIONNAIRE_PROGRESS = ['notStarted', 'started', 'submitted'] as const;
export type TQuestionnaireProgress = (typeof QUESTIONNAIRE_PROGRESS)[number];

/** One questionnaire of the round, in round order, with its title in both languages. */
export const ZQuestionnaireProgress = z.object({
  formKey: z.string(),
  title: z.object({ en: z.string(), sp: z.string() }),
  progress: z.enum(QUESTIONNAIRE_PROGRESS),
});
export type TQuestionnaireProgressRow = z.infer<typeof ZQuestionnaireProgress>;

/** A row of `GET /survey/opened-users`: a participant (not withdrawn) whose round window is open now. */
export const ZOpenedUser = z.object({
  roundId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  roundNumber: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  questionnaires: z.array(ZQuestionnaireProgress),
});
export type TOpenedUser = z.infer<typeof ZOpenedUser>;
export const ZOpenedUsersReply = envelope(pageOf(ZOpenedUser));

export const GET_SURVEY_REPORT_COUNT = call('GET', '/survey/report/count');

/**
 * `GET /survey/report/count` (administrators), counted over the round windows open now of participants who have
 * not withdrawn: `openWindows` in all, of which `notStarted` (no questionnaire started), `started` (at least one
 * started, not every one submitted) and `submitted` (every questionnaire submitted). The three add up to
 * `openWindows`.
 */
export const ZSurveyReportCount = z.object({
  openWindows: z.number().int(),
  notStarted: z.number().int(),
  started: z.number().int(),
  submitted: z.number().int(),
});
export type TSurveyReportCount = z.infer<typeof ZSurveyReportCount>;
export const ZSurveyReportCountReply = envelope(ZSurveyReportCount);

export const COMPLETION_DAYS = { min: 1, max: 365, default: 30 } as const;
export const SURVEY_REPORT_MESSAGES = { days: 'error.surveyReport.days' } as const;

export const GET_SURVEY_REPORT_COMPLETION = call('GET', '/survey/report/completion');

/** `GET /survey/report/completion?days=30` (administrators): the last `days` days of the study's calendar. */
export const ZSurveyCompletionQuery = z.object({
  days: z.coerce
    .number({ error: SURVEY_REPORT_MESSAGES.days })
    .int(SURVEY_REPORT_MESSAGES.days)
    .min(COMPLETION_DAYS.min, SURVEY_REPORT_MESSAGES.days)
    .max(COMPLETION_DAYS.max, SURVEY_REPORT_MESSAGES.days)
    .default(COMPLETION_DAYS.default),
});

/**
 * One calendar day of the study's time zone: the round windows open at any moment of it (a window stops counting
 * from the day after its participant withdrew) and the round questionnaires submitted on it.
 */
export const ZSurveyCompletionDay = z.object({
  date: z.string(),
  openWindows: z.number().int(),
  submitted: z.number().int(),
});
export type TSurveyCompletionDay = z.infer<typeof ZSurveyCompletionDay>;
export const ZSurveyCompletion = z.object({ timeZone: z.string(), days: z.array(ZSurveyCompletionDay) });
export type TSurveyCompletion = z.infer<typeof ZSurveyCompletion>;
export const ZSurveyCompletionReply = envelope(ZSurveyCompletion);
