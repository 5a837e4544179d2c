import type { Model } from 'survey-core';
import { SURVEY_ANSWERS_MAX_CHARS } from '@portal/shared/surveys/survey-response';
import { surveyModel } from '../../../lib/survey-core';

type Answers = Record<string, unknown>;

/** The keys SurveyJS stores for a question: its value, and the text of an "Other" choice. */
function answerKeys(model: Model, visibleOnly: boolean): Set<string> {
  const keys = new Set<string>();
  for (const question of model.getAllQuestions(visibleOnly)) {
    const name = question.getValueName();
    keys.add(name);
    keys.add(`${name}${model.commentSuffix}`);
  }
  return keys;
}

function modelWith(definition: unknown, answers: Answers): Model {
  const model = surveyModel(definition);
  model.data = answers;
  return model;
}

const pick = (answers: Answers, keys: Set<string>) =>
  Object.fromEntries(Object.entries(answers).filter(([key, value]) => keys.has(key) && value !== undefined));

/** Whether a set of answers is small enough to keep. */
export const answersFit = (answers: Answers) => JSON.stringify(answers).length <= SURVEY_ANSWERS_MAX_CHARS;

/** How many form definitions `savedKeys` remembers; a study has a handful of questionnaire versions. */
const SAVED_KEYS_REMEMBERED = 100;
const savedKeysByDefinition = new Map<string, Set<string>>();

/**
 * Every key a form's answers may hold, hidden questions included: it depends on the form alone, so it is worked
 * out once per definition (by its JSON) rather than building the form engine's model on every save.
 */
function savedKeys(definition: unknown): Set<string> {
  const json = JSON.stringify(definition);
  let keys = savedKeysByDefinition.get(json);
  if (!keys) {
    if (savedKeysByDefinition.size >= SAVED_KEYS_REMEMBERED) savedKeysByDefinition.clear();
    keys = answerKeys(surveyModel(definition), false);
    savedKeysByDefinition.set(json, keys);
  }
  return keys;
}

/** The answers as they are saved along the way: only those to the form's own questions. */
export function keptAnswers(definition: unknown, answers: Answers): Answers {
  return pick(answers, savedKeys(definition));
}

/**
 * The answers as they are submitted, judged by the same form engine the participant used: questions hidden by
 * the skip logic lose their answers, and every visible question must pass its rules (required, ranges). Returns
 * the names of the questions that do not.
 */
export function finalAnswers(
  definition: unknown,
  answers: Answers,
): { ok: true; answers: Answers } | { ok: false; questions: string[] } {
  const model = modelWith(definition, keptAnswers(definition, answers));
  const failing = model.getAllQuestions(true).filter((question) => question.hasErrors(false));
  if (failing.length > 0) return { ok: false, questions: failing.map((question) => question.name) };
  return { ok: true, answers: pick(model.data as Answers, answerKeys(model, true)) };
}
