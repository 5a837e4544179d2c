import { Model } from 'survey-core';
import { SURVEY_ANSWERS_MAX_CHARS } from '@portal/shared/surveys/survey-response';

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
  const model = new Model(definition);
  model.data = answers;
  return model;
}

const pick = (answers: Answers, keys: Set<string>) =>
  Object.fromEntries(Object.entries(answers).filter(([key, value]) => keys.has(key) && value !== undefined));

/** Whether a set of answers is small enough to keep. */
export const answersFit = (answers: Answers) => JSON.stringify(answers).length <= SURVEY_ANSWERS_MAX_CHARS;

/** The answers as they are saved along the way: only those to the form's own questions. */
export function keptAnswers(definition: unknown, answers: Answers): Answers {
  return pick(answers, answerKeys(modelWith(definition, answers), false));
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
