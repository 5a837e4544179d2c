import type { Model } from 'survey-core';
import { ONE_TIME_MESSAGES } from '@portal/shared/surveys/one-time-surveys';
import { surveyModel } from '../../../lib/survey-core';

/** Elements that only show something (text, a picture) and ask nothing. */
const DISPLAY_ONLY = new Set(['html', 'image']);

/**
 * What the SurveyJS engine reports while loading a form. A property it does not know (an authoring tool's
 * extra) is harmless; an element without a type or with a type it does not know is dropped silently, so it
 * refuses those; any other report means the structure is not a form.
 */
function loadProblem(model: Model): string | undefined {
  const reports = (model.jsonErrors ?? []).map((error: { type?: string }) => error.type);
  if (reports.some((type) => type === 'incorrecttypeproperty' || type === 'missingtypeproperty'))
    return ONE_TIME_MESSAGES.definitionUnknownType;
  if (reports.some((type) => type !== 'unknownproperty')) return ONE_TIME_MESSAGES.definition;
  return undefined;
}

/**
 * Checks a one-time survey's form with the same engine participants answer it in: it must load cleanly, ask
 * at least one question, and name each question once (answers are kept under the question's name). Answers
 * the message key of the first problem, or undefined when the form is sound.
 */
export function surveyDefinitionProblem(definition: Record<string, unknown>): string | undefined {
  let model: Model;
  try {
    model = surveyModel(definition);
  } catch {
    return ONE_TIME_MESSAGES.definition;
  }
  const problem = loadProblem(model);
  if (problem) return problem;
  const questions = model.getAllQuestions(false).filter((question) => !DISPLAY_ONLY.has(question.getType()));
  if (questions.length === 0) return ONE_TIME_MESSAGES.definitionEmpty;
  const names = questions.map((question) => question.getValueName());
  if (new Set(names).size !== names.length) return ONE_TIME_MESSAGES.definitionDuplicateName;
  return undefined;
}
