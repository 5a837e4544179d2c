import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

/** Message keys of the one-time survey rules. */
export const ONE_TIME_MESSAGES = {
  nameRequired: 'error.oneTime.nameRequired',
  nameTooLong: 'error.oneTime.nameTooLong',
  definition: 'error.oneTime.definition',
  definitionEmpty: 'error.oneTime.definitionEmpty',
  definitionUnknownType: 'error.oneTime.definitionUnknownType',
  definitionDuplicateName: 'error.oneTime.definitionDuplicateName',
  sendDate: 'error.oneTime.sendDate',
  sendInPast: 'error.oneTime.sendInPast',
  window: 'error.oneTime.window',
  sendAfterEnd: 'error.oneTime.sendAfterEnd',
  participantsRequired: 'error.oneTime.participantsRequired',
  tooManyParticipants: 'error.oneTime.tooManyParticipants',
  /** The request is larger than a CSV file of the CSV limit can make. */
  tooLarge: 'error.oneTime.tooLarge',
  unmatched: 'error.oneTime.unmatched',
  formLocked: 'error.oneTime.formLocked',
  /** The survey's invitations went out: nothing about it can change any more. */
  alreadySent: 'error.oneTime.alreadySent',
  notFound: 'error.oneTime.notFound',
} as const;

export const ONE_TIME_NAME_MAX = 200;
/** At most this many e-mails or user IDs in one survey (a CSV of 100,000 rows fits). */
export const ONE_TIME_PARTICIPANTS_MAX = 100_000;
export const ONE_TIME_LIST_SIZES = [10, 25] as const;
export const ONE_TIME_USER_SIZES = [5, 10, 25] as const;

const name = z
  .string({ error: ONE_TIME_MESSAGES.nameRequired })
  .trim()
  .min(1, ONE_TIME_MESSAGES.nameRequired)
  .max(ONE_TIME_NAME_MAX, ONE_TIME_MESSAGES.nameTooLong);
const moment = (message: string) => z.iso.datetime({ offset: true, error: message });

/** An e-mail address or a participant's user ID (a UUID), one per row of a list or CSV. */
export const ZParticipantIdentifiers = z
  .array(z.string().max(320), { error: ONE_TIME_MESSAGES.participantsRequired })
  .min(1, ONE_TIME_MESSAGES.participantsRequired)
  .max(ONE_TIME_PARTICIPANTS_MAX, ONE_TIME_MESSAGES.tooManyParticipants);

export const PUT_SURVEY_ONE_TIME = call('PUT', '/survey/one-time');

export const POST_SURVEY_ONE_TIME = call('POST', '/survey/one-time');

/**
 * `POST /survey/one-time` and `PUT /survey/one-time?id=` (administrators): a name in each language, the form
 * (a SurveyJS JSON definition, checked by the SurveyJS engine on the server too), when the invitations go
 * (`sendDate`, not in the past, before the end), the window it is open (`effectiveStartDate` before
 * `effectiveEndDate`), and the participants by e-mail or user ID. Every identifier must match a participant
 * in the study; the server refuses the whole request otherwise and saves nothing.
 */
export const ZOneTimeSurveyInput = z.object({
  name: z.object({ en: name, sp: name }),
  definition: z.record(z.string(), z.unknown(), { error: ONE_TIME_MESSAGES.definition }),
  sendDate: moment(ONE_TIME_MESSAGES.sendDate),
  effectiveStartDate: moment(ONE_TIME_MESSAGES.window),
  effectiveEndDate: moment(ONE_TIME_MESSAGES.window),
  participants: ZParticipantIdentifiers,
});
export type TOneTimeSurveyInput = z.infer<typeof ZOneTimeSurveyInput>;

/** `PUT /survey/one-time?id=`: the same, except that without `participants` the survey keeps those it has. */
export const ZOneTimeSurveyUpdate = ZOneTimeSurveyInput.extend({ participants: ZParticipantIdentifiers.optional() });
export type TOneTimeSurveyUpdate = z.infer<typeof ZOneTimeSurveyUpdate>;

/** Why a row of the participant list matches no one who can take the survey. */
export const UNMATCHED_REASONS = ['invalid', 'notFound', 'withdrawn', 'duplicate'] as const;
export type TUnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export const POST_SURVEY_ONE_TIME_PARTICIPANTS_CHECK = call('POST', '/survey/one-time/participants/check');

/** `POST /survey/one-time/participants/check` body: the identifiers as read, before anything is saved. */
export const ZParticipantCheckRequest = z.object({ participants: ZParticipantIdentifiers });
/** Its reply: how many rows match a participant, and each row that does not (its 1-based row and why). */
export const ZParticipantCheck = z.object({
  matched: z.number().int(),
  unmatched: z.array(z.object({ row: z.number().int(), value: z.string(), reason: z.enum(UNMATCHED_REASONS) })),
});
export type TParticipantCheck = z.infer<typeof ZParticipantCheck>;
export const ZParticipantCheckReply = envelope(ZParticipantCheck);

/** Where a survey stands: invitations not yet sent, window open, or window over. */
export const ONE_TIME_STATES = ['upcoming', 'inProgress', 'completed'] as const;

export const GET_SURVEY_ONE_TIME = call('GET', '/survey/one-time');

/** A row of `GET /survey/one-time`. */
export const ZOneTimeSurvey = z.object({
  id: z.string(),
  formId: z.string(),
  name: z.object({ en: z.string(), sp: z.string() }),
  sendDate: z.string(),
  effectiveStartDate: z.string(),
  effectiveEndDate: z.string(),
  createdAt: z.string(),
  state: z.enum(ONE_TIME_STATES),
  /** Participants configured. */
  userCount: z.number().int(),
  /** Invitations sent and not refused or failed. */
  successCount: z.number().int(),
  failureCount: z.number().int(),
  submittedCount: z.number().int(),
  /** Whether the form can still be changed (the send date has not come). */
  formEditable: z.boolean(),
});
export type TOneTimeSurvey = z.infer<typeof ZOneTimeSurvey>;

/** `GET /survey/one-time?page&size&sort=effectiveStartDate,desc`. */
export const ZOneTimeListQuery = pageQuery({
  sizes: ONE_TIME_LIST_SIZES,
  sortFields: ['effectiveStartDate', 'sendDate', 'createdAt'],
  defaultSort: { field: 'effectiveStartDate', direction: 'desc' },
  defaultSize: 10,
});
export const ZOneTimeListReply = envelope(pageOf(ZOneTimeSurvey));

export const GET_SURVEY_ONE_TIME_DETAIL = call('GET', '/survey/one-time/detail');

/** `GET /survey/one-time/detail?id=`: one survey with its form definition, for the detail view and editing. */
export const ZOneTimeSurveyDetail = ZOneTimeSurvey.extend({ definition: z.record(z.string(), z.unknown()) });
export const ZOneTimeDetailReply = envelope(ZOneTimeSurveyDetail);

/** How far a configured participant got. */
export const ONE_TIME_PROGRESS = ['notInvited', 'notStarted', 'started', 'submitted'] as const;

export const GET_SURVEY_ONE_TIME_USERS = call('GET', '/survey/one-time/users');

/** `GET /survey/one-time/users?page&size&formId`: the configured participants, by e-mail. */
export const ZOneTimeUsersQuery = pageQuery({
  sizes: ONE_TIME_USER_SIZES,
  sortFields: ['email'],
  defaultSort: { field: 'email', direction: 'asc' },
  defaultSize: 10,
}).extend({ formId: z.uuid({ error: ONE_TIME_MESSAGES.notFound }) });
export const ZOneTimeUser = z.object({
  userId: z.string(),
  email: z.string(),
  invitedAt: z.string().nullable(),
  progress: z.enum(ONE_TIME_PROGRESS),
});
export type TOneTimeUser = z.infer<typeof ZOneTimeUser>;
export const ZOneTimeUsersReply = envelope(pageOf(ZOneTimeUser));

/** Why a configured participant was not invited, or the invitation did not arrive. */
export const ONE_TIME_FAILURE_REASONS = ['withdrawn', 'emailsOff', 'addressRefused', 'deliveryFailed'] as const;

export const GET_SURVEY_ONE_TIME_FAILURE = call('GET', '/survey/one-time/failure');

/** `GET /survey/one-time/failure?page&size&formId&sort=email`: the participants not initiated, and why. */
export const ZOneTimeFailureQuery = ZOneTimeUsersQuery;
export const ZOneTimeFailure = z.object({ email: z.string(), reason: z.enum(ONE_TIME_FAILURE_REASONS) });
export type TOneTimeFailure = z.infer<typeof ZOneTimeFailure>;
export const ZOneTimeFailureReply = envelope(pageOf(ZOneTimeFailure));

export const GET_SURVEY_ONE_TIME_STATS = call('GET', '/survey/one-time/stats');

/**
 * `GET /survey/one-time/stats`: how many surveys in all and in each state, and the ten highest submission
 * rates (submitted of invited, 0 to 100, one decimal) among surveys whose invitations went out.
 */
export const ZOneTimeStats = z.object({
  total: z.number().int(),
  upcoming: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  submissionRateList: z.array(
    z.object({ id: z.string(), name: z.object({ en: z.string(), sp: z.string() }), rate: z.number() }),
  ),
});
export type TOneTimeStats = z.infer<typeof ZOneTimeStats>;
export const ZOneTimeStatsReply = envelope(ZOneTimeStats);

/** `POST` and `PUT /survey/one-time` reply: the survey's id and its form's id. */
export const ZOneTimeSavedReply = envelope(z.object({ id: z.string(), formId: z.string() }));
