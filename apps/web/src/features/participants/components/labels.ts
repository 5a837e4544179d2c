import { formatDateTime } from '@portal/shared/dates';
import type {
  TAccountState,
  TAccountStatus,
  TParticipantSummary,
  TQuestionnaireState,
} from '@portal/shared/participants/participants';
import type { SurveyWindow } from '@portal/shared/surveys/survey-entries';
import { browserTimeZone } from '../../../lib/local-date-time';
import type { TFunction } from '../../../lib/translator';

const STATUS_LABELS: Record<TAccountStatus, string> = {
  pendingActivation: 'participantView.state.pendingActivation',
  active: 'participantView.state.active',
  withdrawn: 'participantView.state.withdrawn',
};

/** 'Active', 'Awaiting activation', 'Withdrawn', each with 'locked until MM/DD/YYYY hh:mm' while locked. */
export function accountStateText(t: TFunction, account: TAccountState): string {
  const status = t(STATUS_LABELS[account.status]);
  if (!account.lockedUntil) return status;
  return t('participantView.state.locked', { status, until: formatDateTime(account.lockedUntil, browserTimeZone()) });
}

export const nameOf = (participant: Pick<TParticipantSummary, 'firstName' | 'lastName'>) =>
  `${participant.firstName} ${participant.lastName}`;

export const healthSystemText = (t: TFunction, participant: Pick<TParticipantSummary, 'healthSystem'>) =>
  participant.healthSystem?.name ?? t('participantView.healthSystem.none');

export const WINDOW_LABELS: Record<SurveyWindow, string> = {
  upcoming: 'participantView.rounds.window.upcoming',
  open: 'participantView.rounds.window.open',
  closed: 'participantView.rounds.window.closed',
};

export const QUESTIONNAIRE_LABELS: Record<TQuestionnaireState, string> = {
  notStarted: 'participantView.rounds.state.notStarted',
  inProgress: 'participantView.rounds.state.inProgress',
  submitted: 'participantView.rounds.state.submitted',
};
