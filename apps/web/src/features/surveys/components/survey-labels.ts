import type { Language } from '@portal/shared/constants';
import type { SurveyStatus, TSurveyEntry } from '@portal/shared/surveys/survey-entries';

/** Where a survey stands, as a current list shows it. */
export const STATUS_LABELS: Record<SurveyStatus, string> = {
  open: 'survey.status.open',
  started: 'survey.status.started',
  submitted: 'survey.status.submitted',
};

/** Where a survey ended, as the past-surveys table shows it. */
export const PAST_STATUS_LABELS: Record<SurveyStatus, string> = {
  open: 'survey.pastStatus.open',
  started: 'survey.pastStatus.started',
  submitted: 'survey.pastStatus.submitted',
};

/** The survey's title in the reader's language. */
export const titleOf = (entry: Pick<TSurveyEntry, 'title'>, language: string) =>
  entry.title[language as Language] || entry.title.en;

/** A stable id for a survey's title, for controls that refer to it. */
export const entryId = (entry: TSurveyEntry) =>
  entry.kind === 'round' ? `survey-${entry.roundId}-${entry.formKey}` : `survey-${entry.oneTimeSurveyId}`;
