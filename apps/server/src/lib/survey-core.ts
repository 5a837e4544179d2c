import { createRequire } from 'node:module';
import type { Model } from 'survey-core';

const requirePackage = createRequire(import.meta.url);
let surveyCore: typeof import('survey-core') | undefined;

/**
 * The form engine's (SurveyJS) model of a survey definition. The engine (about 7 MB of heap) is loaded the first
 * time one is needed rather than when the server starts, synchronously (its CommonJS build) so its callers stay
 * synchronous. Every value import of survey-core in the server goes through here: a second, ESM copy would hold
 * classes that fail this one's `instanceof`.
 */
export function surveyModel(definition: unknown): Model {
  surveyCore ??= requirePackage('survey-core') as typeof import('survey-core');
  return new surveyCore.Model(definition);
}
