import type { SurveyStatus, TSurveyEntry } from '@portal/shared/surveys/survey-entries';
import { windowAt } from './rounds';
import type { FormSummary, Round } from './repository';

export interface ResponseSummary {
  id: string;
  roundId: string | null;
  oneTimeSurveyId: string | null;
  formKey: string;
  startedAt: Date;
  submittedAt: Date | null;
  form: FormSummary;
}

export interface Assignment {
  id: string;
  opensAt: Date;
  closesAt: Date;
  form: FormSummary;
}

const statusOf = (response?: ResponseSummary): SurveyStatus =>
  response ? (response.submittedAt ? 'submitted' : 'started') : 'open';

function entry(
  base: Pick<TSurveyEntry, 'kind' | 'roundId' | 'roundNumber' | 'formKey' | 'oneTimeSurveyId'>,
  window: { opensAt: Date; closesAt: Date },
  form: FormSummary,
  now: Date,
  response?: ResponseSummary,
): TSurveyEntry {
  return {
    ...base,
    title: { en: form.titleEn, sp: form.titleSp },
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    status: statusOf(response),
    window: windowAt(window, now),
    ...(response && {
      responseId: response.id,
      startedAt: response.startedAt.toISOString(),
      ...(response.submittedAt && { submittedAt: response.submittedAt.toISOString() }),
    }),
  };
}

/**
 * Each round asks every study instrument once: the version already started if there is one, else the newest.
 * Rounds come newest first, instruments in round order.
 */
export function roundEntries(rounds: Round[], forms: FormSummary[], responses: ResponseSummary[], now: Date) {
  return [...rounds]
    .sort((a, b) => b.number - a.number)
    .flatMap((round) =>
      forms.map((form) => {
        const response = responses.find((r) => r.roundId === round.id && r.formKey === form.key);
        return entry(
          { kind: 'round', roundId: round.id, roundNumber: round.number, formKey: form.key },
          round,
          response?.form ?? form,
          now,
          response,
        );
      }),
    );
}

export function oneTimeEntries(assignments: Assignment[], responses: ResponseSummary[], now: Date) {
  return [...assignments]
    .sort((a, b) => b.opensAt.getTime() - a.opensAt.getTime())
    .map((assignment) =>
      entry(
        { kind: 'one-time', oneTimeSurveyId: assignment.id },
        assignment,
        assignment.form,
        now,
        responses.find((r) => r.oneTimeSurveyId === assignment.id),
      ),
    );
}

/** A questionnaire belongs in the past-surveys table once submitted or once its window is over. */
export const isPast = (e: TSurveyEntry) => e.status === 'submitted' || e.window === 'closed';
/** Still waiting for the participant: open now and not submitted. */
export const isWaiting = (e: TSurveyEntry) => e.window === 'open' && e.status !== 'submitted';
