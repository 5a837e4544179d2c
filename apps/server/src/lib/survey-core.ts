import type { Model } from 'survey-core';
import { lazyPackage } from './lazy-package';

const surveyCore = lazyPackage<typeof import('survey-core')>('survey-core');

/** The form engine's (SurveyJS) model of a survey definition; the engine is loaded the first time one is needed. */
export const surveyModel = (definition: unknown): Model => new (surveyCore().Model)(definition);
