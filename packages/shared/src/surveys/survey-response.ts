import { z } from 'zod';
import { envelope } from '../api/envelope';
import { SURVEY_KINDS, SURVEY_STATUSES, ZLocalizedTitle } from './survey-entries';
import { call } from '../api/call';

/** The largest set of answers kept for one questionnaire, as JSON text. */
export const SURVEY_ANSWERS_MAX_CHARS = 100_000;

export const SURVEY_MESSAGES = {
  notFound: 'survey.error.notFound',
  consentRequired: 'survey.error.consentRequired',
  notYetOpen: 'survey.error.notYetOpen',
  closed: 'survey.error.closed',
  alreadySubmitted: 'survey.error.alreadySubmitted',
  incomplete: 'survey.error.incomplete',
  checkAnswer: 'survey.error.checkAnswer',
  tooLarge: 'survey.error.tooLarge',
  submitted: 'survey.submitted',
} as const;

export const POST_SURVEY_START = call('POST', '/survey/start');

/** `POST /survey/start`: which questionnaire to start (or to carry on with, if already started). */
export const ZSurveyStart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('round'), roundId: z.uuid(), formKey: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('one-time'), oneTimeSurveyId: z.uuid() }),
]);
export type TSurveyStart = z.infer<typeof ZSurveyStart>;
export const ZSurveyStartReply = envelope(z.object({ responseId: z.uuid() }));

const ZAnswers = z.record(z.string(), z.unknown());

export const GET_SURVEY_RESPONSE = call('GET', '/survey/response/:responseId');

/** `GET /survey/response/:responseId`: the form to show, in its version, with the answers saved so far. */
export const ZSurveyResponse = z.object({
  responseId: z.uuid(),
  kind: z.enum(SURVEY_KINDS),
  title: ZLocalizedTitle,
  formKey: z.string(),
  formVersion: z.number().int(),
  /** A SurveyJS form definition. */
  definition: z.record(z.string(), z.unknown()),
  answers: ZAnswers,
  pageNo: z.number().int().min(0),
  status: z.enum(SURVEY_STATUSES),
  closesAt: z.string(),
  /** False once submitted or when the window is over: the form shows read-only. */
  editable: z.boolean(),
  submittedAt: z.string().optional(),
});
export type TSurveyResponse = z.infer<typeof ZSurveyResponse>;
export const ZSurveyResponseReply = envelope(ZSurveyResponse);

export const ZSurveyResponseParams = z.object({ responseId: z.uuid() });

export const PUT_SURVEY_RESPONSE = call('PUT', '/survey/response/:responseId');

/** `PUT /survey/response/:responseId`: saves the answers so far and the page the participant is on. */
export const ZSurveySave = z.object({ answers: ZAnswers, pageNo: z.number().int().min(0).max(1000) });
export type TSurveySave = z.infer<typeof ZSurveySave>;
export const ZSurveySaveReply = envelope(z.object({ savedAt: z.string() }));

export const POST_SURVEY_RESPONSE_SUBMIT = call('POST', '/survey/response/:responseId/submit');

/** `POST /survey/response/:responseId/submit`: the final answers. */
export const ZSurveySubmit = z.object({ answers: ZAnswers });
export type TSurveySubmit = z.infer<typeof ZSurveySubmit>;
export const ZSurveySubmitReply = envelope(z.object({ submittedAt: z.string() }));
