import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const POST_SURVEY_TOUR = call('POST', '/survey/tour');

/** Whether the participant has answered: not yet (`open`), partly (`started`) or finally (`submitted`). */
export const SURVEY_STATUSES = ['open', 'started', 'submitted'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/** Where a survey stands, as the lists of open surveys say it (catalog keys). */
export const STATUS_LABELS: Record<SurveyStatus, string> = {
  open: 'survey.status.open',
  started: 'survey.status.started',
  submitted: 'survey.status.submitted',
};

/** Where the survey's window stands: not yet enabled, open now, or over. */
export const SURVEY_WINDOWS = ['upcoming', 'open', 'closed'] as const;
export type SurveyWindow = (typeof SURVEY_WINDOWS)[number];

export const SURVEY_KINDS = ['round', 'one-time'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];

export const ZLocalizedTitle = z.object({ en: z.string(), sp: z.string() });

/** A survey's title in the reader's language (English for any other). */
export const titleOf = (entry: { title: z.infer<typeof ZLocalizedTitle> }, language: string) =>
  language === 'sp' ? entry.title.sp : entry.title.en;

/** One questionnaire a participant is asked to answer, in a round or as a one-time survey. */
export const ZSurveyEntry = z.object({
  kind: z.enum(SURVEY_KINDS),
  /** For a round: the round and the instrument's key; for a one-time survey: the survey. */
  roundId: z.uuid().optional(),
  roundNumber: z.number().int().optional(),
  formKey: z.string().optional(),
  oneTimeSurveyId: z.uuid().optional(),
  title: ZLocalizedTitle,
  opensAt: z.string(),
  closesAt: z.string(),
  status: z.enum(SURVEY_STATUSES),
  window: z.enum(SURVEY_WINDOWS),
  /** Set once the participant started. */
  responseId: z.uuid().optional(),
  startedAt: z.string().optional(),
  submittedAt: z.string().optional(),
});
export type TSurveyEntry = z.infer<typeof ZSurveyEntry>;

/**
 * What the participant may do with a survey: Start is hidden once started, when the
 * time is over or before it is enabled; Continue shows for a started survey until it is submitted or the period
 * ends; a submitted survey, or one started whose time is over, can only be viewed.
 */
export function surveyActions(entry: Pick<TSurveyEntry, 'status' | 'window'>) {
  const open = entry.window === 'open';
  return {
    canStart: open && entry.status === 'open',
    canContinue: open && entry.status === 'started',
    // Answers saved but never submitted stay readable once the window is over.
    canView: entry.status === 'submitted' || (entry.status === 'started' && entry.window === 'closed'),
  };
}

export const GET_SURVEY_WIDGET = call('GET', '/survey/widget');

/** `GET /survey/widget`: everything the Surveys screen shows. */
export const ZSurveyWidget = z.object({
  consentSigned: z.boolean(),
  /** Whether the welcome tour was finished or skipped (it is not shown again). */
  tourSeen: z.boolean(),
  /** The questionnaires of the round open now. */
  current: z.array(ZSurveyEntry),
  /** When the next round opens, if none is open now. */
  nextRoundOpensAt: z.string().nullable(),
  /** Every questionnaire submitted, or whose window is over, newest first. */
  past: z.array(ZSurveyEntry),
  /** One-time surveys assigned to the participant whose window is open now. */
  oneTime: z.array(ZSurveyEntry),
});
export type TSurveyWidget = z.infer<typeof ZSurveyWidget>;
export const ZSurveyWidgetReply = envelope(ZSurveyWidget);

export const GET_SURVEY_NOTIFICATION = call('GET', '/survey/notification');

/** `GET /survey/notification`: whether a round, or a one-time survey, is open and not yet submitted. */
export const ZSurveyNotification = z.object({ generalSurveyOpen: z.boolean(), oneTimeSurveyOpen: z.boolean() });
export type TSurveyNotification = z.infer<typeof ZSurveyNotification>;
export const ZSurveyNotificationReply = envelope(ZSurveyNotification);
