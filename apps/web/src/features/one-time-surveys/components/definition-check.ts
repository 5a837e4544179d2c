import { ONE_TIME_MESSAGES } from '@portal/shared/surveys/one-time-surveys';

/** The largest form definition taken, 1 MB of JSON. */
export const DEFINITION_MAX_CHARS = 1_048_576;

/** A form definition the engine accepted, or why not (a catalog key and, for the engine's own words, a detail). */
export type DefinitionCheck =
  | { ok: true; definition: Record<string, unknown>; questions: number; pages: number }
  | { ok: false; error: string; detail?: string };

/** Property problems the engine reports that still leave a usable form (a name it does not know is ignored). */
const TOLERATED = new Set(['unknownproperty']);
/** The engine's words for an element whose type it does not know, or that has none. */
const UNKNOWN_TYPE = new Set(['missingtypeproperty', 'incorrecttypeproperty']);

/** The first question name used twice, if any: answers are stored by name, so each must be unique. */
function repeatedName(names: string[]) {
  const seen = new Set<string>();
  return names.find((name) => seen.size === seen.add(name).size);
}

/**
 * Checks a SurveyJS JSON definition the way the engine will read it, with the server's messages where it has
 * them: it must be JSON, an object, load in the engine without errors, and ask at least one question, each
 * under a name of its own. The engine loads only when a definition is checked.
 */
export async function checkDefinition(text: string): Promise<DefinitionCheck> {
  if (text.trim() === '') return { ok: false, error: 'oneTimeSurveys.definition.required' };
  if (text.length > DEFINITION_MAX_CHARS) return { ok: false, error: 'oneTimeSurveys.definition.tooLarge' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'oneTimeSurveys.definition.notJson' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, error: ONE_TIME_MESSAGES.definition };
  }
  const { Model } = await import('survey-core');
  const model = new Model(json);
  const [problem] = (model.jsonErrors ?? []).filter((error) => !TOLERATED.has(error.type));
  if (problem) {
    const error = UNKNOWN_TYPE.has(problem.type)
      ? ONE_TIME_MESSAGES.definitionUnknownType
      : ONE_TIME_MESSAGES.definition;
    return { ok: false, error, detail: problem.message };
  }
  const questions = model.getAllQuestions().map((question) => question.name);
  if (questions.length === 0) return { ok: false, error: ONE_TIME_MESSAGES.definitionEmpty };
  const repeated = repeatedName(questions);
  if (repeated !== undefined) return { ok: false, error: ONE_TIME_MESSAGES.definitionDuplicateName, detail: repeated };
  return {
    ok: true,
    definition: json as Record<string, unknown>,
    questions: questions.length,
    pages: model.pages.length,
  };
}

/** Reads an uploaded definition file as text, refusing one too large before reading it. */
export async function readDefinitionFile(file: File): Promise<{ text: string } | { error: string }> {
  if (file.size > DEFINITION_MAX_CHARS) return { error: 'oneTimeSurveys.definition.tooLarge' };
  return { text: await file.text() };
}
