import type { DatasetForm } from '../dataset';
import type { FhirQuestion } from './form-questions';
import { fhirId, PORTAL_URN } from './references';
import { spanish, translatable } from './translation';

/** A form's canonical URL; its versions share it and differ in `version`. */
export const questionnaireUrl = (form: DatasetForm) =>
  `${PORTAL_URN}:questionnaire:${encodeURIComponent(form.formKey)}`;

/** A form version as a canonical reference (`url|version`), as a response names what it answers. */
export const questionnaireCanonical = (form: DatasetForm) => `${questionnaireUrl(form)}|${form.version}`;

/**
 * The code system of one question's answers: the portal's codes mean something only within their question (a `1`
 * of one rating is not that of another), so each question has its own, under its form's URL.
 */
export const answerSystem = (form: DatasetForm, linkId: string) =>
  `${questionnaireUrl(form)}:${encodeURIComponent(linkId)}`;

function questionnaireItem(form: DatasetForm, question: FhirQuestion): Record<string, unknown> {
  const system = answerSystem(form, question.linkId);
  return {
    linkId: question.linkId,
    ...translatable('text', question.text),
    type: question.type,
    ...(question.repeats && { repeats: true }),
    ...(question.options && {
      answerOption: question.options.map((option) => {
        const translation = spanish(option);
        const coding = { system, code: option.code, display: option.en };
        return { valueCoding: translation ? { ...coding, _display: translation } : coding };
      }),
    }),
    ...(question.items && { item: question.items.map((item) => questionnaireItem(form, item)) }),
  };
}

/** A form version as a FHIR R4 Questionnaire, in English with its Spanish texts as translations. */
export const questionnaire = (form: DatasetForm, questions: FhirQuestion[]) => ({
  resourceType: 'Questionnaire',
  id: fhirId(`${form.formKey}-${form.version}`),
  language: 'en',
  url: questionnaireUrl(form),
  version: String(form.version),
  ...translatable('title', form.title),
  status: 'active',
  subjectType: ['Patient'],
  ...(questions.length > 0 && { item: questions.map((question) => questionnaireItem(form, question)) }),
});
