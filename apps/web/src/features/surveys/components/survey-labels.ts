import type { SurveyStatus, TSurveyEntry } from '@portal/shared/surveys/survey-entries';

/** Where a survey ended, as the past-surveys table shows it. */
export const PAST_STATUS_LABELS: Record<SurveyStatus, string> = {
  open: 'survey.pastStatus.open',
  started: 'survey.pastStatus.started',
  submitted: 'survey.pastStatus.submitted',
};

/** A stable id for a survey's title, for controls that refer to it. */
export const entryId = (entry: TSurveyEntry) =>
  entry.kind === 'round' ? `survey-${entry.roundId}-${entry.formKey}` : `survey-${entry.oneTimeSurveyId}`;
