import type {
  ONE_TIME_FAILURE_REASONS,
  ONE_TIME_PROGRESS,
  ONE_TIME_STATES,
  TUnmatchedReason,
} from '@portal/shared/surveys/one-time-surveys';

/** Catalog keys of a survey's state. */
export const STATE_LABELS: Record<(typeof ONE_TIME_STATES)[number], string> = {
  upcoming: 'oneTimeSurveys.state.upcoming',
  inProgress: 'oneTimeSurveys.state.inProgress',
  completed: 'oneTimeSurveys.state.completed',
};

/** Catalog keys of how far a configured participant got. */
export const PROGRESS_LABELS: Record<(typeof ONE_TIME_PROGRESS)[number], string> = {
  notInvited: 'oneTimeSurveys.progress.notInvited',
  notStarted: 'oneTimeSurveys.progress.notStarted',
  started: 'oneTimeSurveys.progress.started',
  submitted: 'oneTimeSurveys.progress.submitted',
};

/** Catalog keys of why a participant was not invited. */
export const FAILURE_LABELS: Record<(typeof ONE_TIME_FAILURE_REASONS)[number], string> = {
  withdrawn: 'oneTimeSurveys.failure.withdrawn',
  emailsOff: 'oneTimeSurveys.failure.emailsOff',
  addressRefused: 'oneTimeSurveys.failure.addressRefused',
  deliveryFailed: 'oneTimeSurveys.failure.deliveryFailed',
};

/** Catalog keys of why a row of a participant list matches no one. */
export const UNMATCHED_LABELS: Record<TUnmatchedReason, string> = {
  invalid: 'oneTimeSurveys.unmatched.invalid',
  notFound: 'oneTimeSurveys.unmatched.notFound',
  withdrawn: 'oneTimeSurveys.unmatched.withdrawn',
  duplicate: 'oneTimeSurveys.unmatched.duplicate',
};

/** A survey's name in the reader's language (English for any other). */
export const nameIn = (name: { en: string; sp: string }, language: string) => (language === 'sp' ? name.sp : name.en);
