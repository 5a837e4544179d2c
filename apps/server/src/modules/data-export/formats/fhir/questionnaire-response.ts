import type { DatasetForm, DatasetResponse } from '../dataset';
import type { FhirQuestion } from './form-questions';
import { answerSystem, questionnaireCanonical } from './questionnaire';
import { fhirId, fhirInstant, participantReference } from './references';

const FHIR_DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

type Answer = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A choice answer: a portal code as a coding of its question's system, or on an open choice a code it lacks as text. */
function choiceAnswer(form: DatasetForm, question: FhirQuestion, value: unknown): Answer {
  const code = String(value);
  const option = question.options?.find((candidate) => candidate.code === code);
  if (!option && question.type === 'open-choice') return { valueString: code };
  const system = answerSystem(form, question.linkId);
  return { valueCoding: option ? { system, code, display: option.en } : { system, code } };
}

/**
 * An answer in its item's type, or none when the portal's value does not fit it (an unparsable number or date):
 * FHIR has no place for it, and a value of another type would contradict the Questionnaire.
 */
function typedAnswer(question: FhirQuestion, value: unknown): Answer | undefined {
  switch (question.type) {
    case 'boolean':
      return typeof value === 'boolean' ? { valueBoolean: value } : undefined;
    case 'integer':
    case 'decimal': {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) return undefined;
      return question.type === 'integer' && Number.isSafeInteger(number)
        ? { valueInteger: number }
        : { valueDecimal: number };
    }
    case 'date':
      return typeof value === 'string' && FHIR_DATE.test(value) ? { valueDate: value } : undefined;
    default:
      return { valueString: String(value) };
  }
}

function answers(form: DatasetForm, question: FhirQuestion, value: unknown): Answer[] {
  if (question.type !== 'choice' && question.type !== 'open-choice') {
    const answer = typedAnswer(question, value);
    return answer ? [answer] : [];
  }
  const values = question.repeats && Array.isArray(value) ? value : [value];
  return values.filter((one) => !isEmpty(one)).map((one) => choiceAnswer(form, question, one));
}

/** The items a response answers: an unanswered question (or a group with none) is left out, display items too. */
function responseItems(form: DatasetForm, questions: FhirQuestion[], values: Record<string, unknown>): Answer[] {
  return questions.flatMap((question): Answer[] => {
    if (question.items) {
      const item = responseItems(form, question.items, values);
      return item.length > 0 ? [{ linkId: question.linkId, item }] : [];
    }
    const value = question.value?.(values);
    if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) return [];
    const answer = answers(form, question, value);
    return answer.length > 0 ? [{ linkId: question.linkId, answer }] : [];
  });
}

/** A submitted response as a FHIR R4 QuestionnaireResponse of its form version. */
export function questionnaireResponse(
  form: DatasetForm,
  questions: FhirQuestion[],
  response: DatasetResponse,
  deidentified: boolean,
) {
  const item = responseItems(form, questions, response.answers);
  return {
    resourceType: 'QuestionnaireResponse',
    id: fhirId(response.id),
    questionnaire: questionnaireCanonical(form),
    status: 'completed',
    subject: participantReference(deidentified, response.participant),
    authored: fhirInstant(response.submittedAt),
    ...(item.length > 0 && { item }),
  };
}
