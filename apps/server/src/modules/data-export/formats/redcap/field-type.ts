import type { Question } from 'survey-core';
import { surveyModel } from '../../../../lib/survey-core';
import type { AnswerColumn } from '../../answer-columns';

type FieldType = 'text' | 'notes' | 'radio' | 'dropdown' | 'checkbox';

export interface FieldKind {
  type: FieldType;
  /** REDCap's text validation, or empty. */
  validation: string;
}

/** REDCap validations of the text inputs whose stored value REDCap reads as is (a date as YYYY-MM-DD). */
const VALIDATIONS: Record<string, string> = { number: 'number', range: 'number', date: 'date_ymd', email: 'email' };

const ONE_CHOICE = new Set(['radiogroup', 'rating', 'buttongroup', 'imagepicker', 'boolean', 'matrix']);
const SEVERAL_CHOICES = new Set(['checkbox', 'tagbox']);

/** The questions of a form by the code their answers are kept under. */
export function questionsOf(definition: unknown): Map<string, Question> {
  return new Map(
    surveyModel(definition)
      .getAllQuestions(false)
      .map((question) => [question.getValueName(), question]),
  );
}

/** The REDCap field of a coded question, or `notes` when the participant may write their own answer in it. */
function choiceField(column: AnswerColumn, type: FieldType): FieldKind {
  return { type: column.freeText ? 'notes' : type, validation: '' };
}

/**
 * The REDCap field type of an answer column: a text box is `text` (validated as a number, a date or an e-mail
 * address by its input type), one choice (a matrix row, a rating, a yes or no too) is `radio`, a dropdown is
 * `dropdown`, several choices (an image picker that takes several too) are `checkbox`, anything else (a comment,
 * a ranking, a dynamic matrix or panel) is `notes` holding the portal's cell. A boolean stays `radio` with the
 * portal's codes `true` and `false` rather than `yesno`, whose codes would be 1 and 0. Elements that only show
 * something (html, expression, image) are no answer column, so the dictionary has no descriptive field.
 */
export function fieldKind(column: AnswerColumn, question: Question | undefined): FieldKind {
  const type = column.type;
  if (type === 'text')
    return {
      type: 'text',
      validation: VALIDATIONS[(question as { inputType?: string } | undefined)?.inputType ?? ''] ?? '',
    };
  if (type === 'imagepicker' && (question as { multiSelect?: boolean } | undefined)?.multiSelect)
    return choiceField(column, 'checkbox');
  if (ONE_CHOICE.has(type)) return choiceField(column, 'radio');
  if (type === 'dropdown') return choiceField(column, 'dropdown');
  if (SEVERAL_CHOICES.has(type)) return choiceField(column, 'checkbox');
  return { type: 'notes', validation: '' };
}
