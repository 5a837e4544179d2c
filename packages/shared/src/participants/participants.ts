import { z } from 'zod';
import { call } from '../api/call';
import { envelope } from '../api/envelope';
import { ZTimelineEntry } from '../audit-log/audit-log';
import { LANGUAGES } from '../constants';
import { EMAIL_MAX_LENGTH } from '../registration/registration-form';
import { SURVEY_WINDOWS, ZLocalizedTitle } from '../surveys/survey-entries';

/** Message keys of the Participants tab and its calls. */
export const PARTICIPANT_MESSAGES = {
  searchRequired: 'participantView.errors.searchRequired',
  searchTooLong: 'participantView.errors.searchTooLong',
  notFound: 'participantView.errors.notFound',
  noSignedCopy: 'participantView.errors.noSignedCopy',
  alreadyActive: 'participantView.errors.alreadyActive',
  withdrawn: 'participantView.errors.withdrawn',
  notLocked: 'participantView.errors.notLocked',
  activationResent: 'participantView.messages.activationResent',
  unlocked: 'participantView.messages.unlocked',
} as const;
const M = PARTICIPANT_MESSAGES;

/**
 * A search answers at most this many participants, by last and first name: a name that matches more says so
 * (`more`), and more of the name, the e-mail address or the user ID finds the one meant.
 */
export const PARTICIPANT_SEARCH_LIMIT = 25;

export const POST_PARTICIPANTS_SEARCH = call('POST', '/participants/search');
export const GET_PARTICIPANT = call('GET', '/participants/:id');
export const GET_PARTICIPANT_SIGNED_COPY = call('GET', '/participants/:id/signed-copies/:signatureId');
export const POST_PARTICIPANT_RESEND_ACTIVATION = call('POST', '/participants/:id/resend-activation');
export const POST_PARTICIPANT_UNLOCK = call('POST', '/participants/:id/unlock');

/**
 * `POST /participants/search`: an e-mail address (exact, any letter case), a user ID, or a name (each word the
 * start of the first or last name, any letter case). In the body, so addresses never reach an access log.
 */
export const ZParticipantSearch = z.object({
  query: z.string({ error: M.searchRequired }).trim().min(1, M.searchRequired).max(EMAIL_MAX_LENGTH, M.searchTooLong),
});
export type TParticipantSearch = z.input<typeof ZParticipantSearch>;

/** What a search text is taken as: a user ID, an e-mail address (it has an @), or else a name. */
export const SEARCH_KINDS = ['id', 'email', 'name'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const searchKindOf = (query: string): TSearchKind =>
  UUID.test(query) ? 'id' : query.includes('@') ? 'email' : 'name';

/** Where an account stands: awaiting activation, active, or withdrawn from the study. */
export const ACCOUNT_STATUSES = ['pendingActivation', 'active', 'withdrawn'] as const;
export type TAccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** An account's standing; `lockedUntil` (ISO) while failed sign-ins keep it locked, else null. */
export const ZAccountState = z.object({ status: z.enum(ACCOUNT_STATUSES), lockedUntil: z.string().nullable() });
export type TAccountState = z.infer<typeof ZAccountState>;

/** A participant's health system: its database value and name; null for none. */
export const ZParticipantHealthSystem = z.object({ value: z.string(), name: z.string() }).nullable();

/** One participant found. */
export const ZParticipantSummary = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  healthSystem: ZParticipantHealthSystem,
  account: ZAccountState,
});
export type TParticipantSummary = z.infer<typeof ZParticipantSummary>;

/** The participants found, at most `PARTICIPANT_SEARCH_LIMIT`; `more` says others matched too. */
export const ZParticipantSearchResult = z.object({
  results: z.array(ZParticipantSummary),
  more: z.boolean(),
});
export type TParticipantSearchResult = z.infer<typeof ZParticipantSearchResult>;
export const ZParticipantSearchReply = envelope(ZParticipantSearchResult);

export const ZParticipantParams = z.object({ id: z.uuid({ error: M.notFound }) });
export const ZSignedCopyParams = ZParticipantParams.extend({ signatureId: z.uuid({ error: M.noSignedCopy }) });

/** One consent version the participant signed: which version, in which language, when; the signature's id. */
export const ZSignedConsent = z.object({
  signatureId: z.uuid(),
  formVersion: z.number().int(),
  language: z.enum(LANGUAGES),
  /** Whether it was their health system's own form rather than the study's default one. */
  healthSystemForm: z.boolean(),
  signedAt: z.string(),
});
export type TSignedConsent = z.infer<typeof ZSignedConsent>;

/** Where a questionnaire of a round stands; its answers are never part of the view. */
export const QUESTIONNAIRE_STATES = ['notStarted', 'inProgress', 'submitted'] as const;
export type TQuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];

export const ZRoundQuestionnaire = z.object({
  formKey: z.string(),
  title: ZLocalizedTitle,
  state: z.enum(QUESTIONNAIRE_STATES),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

/** A survey round: its window and where each of its questionnaires stands. */
export const ZSurveyRound = z.object({
  number: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  window: z.enum(SURVEY_WINDOWS),
  questionnaires: z.array(ZRoundQuestionnaire),
});
export type TSurveyRound = z.infer<typeof ZSurveyRound>;

/** `GET /participants/:id`: the participant view. Dates are ISO instants. */
export const ZParticipantView = ZParticipantSummary.extend({
  language: z.enum(LANGUAGES),
  registeredAt: z.string(),
  activatedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** A withdrawal request recorded for them and not carried out yet. */
  withdrawalRequest: z.object({ requestedAt: z.string(), dueAt: z.string() }).nullable(),
  consent: z.object({
    /** Set while they are asked to sign a newer version of their form. */
    reconsentRequestedAt: z.string().nullable(),
    /** Newest first. */
    signed: z.array(ZSignedConsent),
  }),
  /** Newest first. */
  rounds: z.array(ZSurveyRound),
  /** The participant's history, oldest first: e-mails and reminders (with why one was not sent) among the rest. */
  history: z.array(ZTimelineEntry),
});
export type TParticipantView = z.infer<typeof ZParticipantView>;
export const ZParticipantViewReply = envelope(ZParticipantView);

/** The reply of resending an activation e-mail or unlocking an account: its message. */
export const ZParticipantActionReply = envelope(z.unknown());
