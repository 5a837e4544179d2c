import type { ItemValue, Question } from 'survey-core';
import { surveyModel } from '../../../../lib/survey-core';
import { bothLanguages, type AnswerCode, type AnswerColumn } from '../../answer-columns';
import type { DatasetForm } from '../dataset';
import type { Texts } from './translation';

export type FhirItemType =
  'group' | 'display' | 'choice' | 'open-choice' | 'boolean' | 'integer' | 'decimal' | 'date' | 'string' | 'text';

type Answers = Record<string, unknown>;

/** One item of a form as a FHIR Questionnaire asks it, and where a response keeps its answer. */
export interface FhirQuestion {
  /** The question code (a matrix row's `question.row`). */
  linkId: string;
  text: Texts;
  type: FhirItemType;
  repeats?: boolean;
  /** The portal's codes a choice is answered with. */
  options?: AnswerCode[];
  /** The answer as the portal keeps it (a code, codes, a number, a text); absent for groups and display items. */
  value?: (answers: Answers) => unknown;
  /** A group's questions (a matrix's rows). */
  items?: FhirQuestion[];
}

const SINGLE_CHOICE = new Set(['radiogroup', 'dropdown', 'rating', 'buttongroup', 'imagepicker']);
const MULTIPLE_CHOICE = new Set(['checkbox', 'tagbox', 'ranking']);

type TextQuestion = Question & { inputType?: string; renderedStep?: string };

/**
 * A text box's FHIR type by its input type. A number is an `integer` only when its step is whole, as the form then
 * refuses fractions (SurveyJS checks the step; a number box without one takes any number, a slider steps by 1).
 * Any other input (an e-mail, a time without seconds, a month) is kept as the string it is.
 */
function textBoxType(question: TextQuestion): FhirItemType {
  const inputType = question.inputType ?? 'text';
  if (inputType === 'date') return 'date';
  if (inputType !== 'number' && inputType !== 'range') return 'string';
  return Number.isInteger(Number(question.renderedStep ?? 1)) ? 'integer' : 'decimal';
}

/** A question answered in its own column: choices keep the portal's codes, anything FHIR has no type for is text. */
function askedItem(question: Question, column: AnswerColumn): FhirQuestion {
  const base = { linkId: column.code, text: { en: column.labelEn, sp: column.labelSp } };
  const raw = (answers: Answers) => answers[column.code];
  const multiple = MULTIPLE_CHOICE.has(column.type) || Boolean((question as { multiSelect?: boolean }).multiSelect);
  if (SINGLE_CHOICE.has(column.type) || multiple) {
    // A choice the participant may add to, or whose "other" text is kept in the answer, is open.
    const type = column.freeText ? 'open-choice' : 'choice';
    return { ...base, type, ...(multiple && { repeats: true }), options: column.answers, value: raw };
  }
  if (column.type === 'boolean') {
    const yesNo = question as Question & { getValueTrue(): unknown; getValueFalse(): unknown };
    const value = (answers: Answers) => {
      const answer = raw(answers);
      if (answer === yesNo.getValueTrue()) return true;
      return answer === yesNo.getValueFalse() ? false : undefined;
    };
    return { ...base, type: 'boolean', value };
  }
  if (column.type === 'text') return { ...base, type: textBoxType(question), value: raw };
  return { ...base, type: column.type === 'comment' ? 'text' : 'string', value: column.read };
}

/** The text written for an "other" choice, which has no question of its own. */
const otherTextItem = (column: AnswerColumn): FhirQuestion => ({
  linkId: column.code,
  text: { en: column.labelEn, sp: column.labelSp },
  type: 'string',
  value: column.read,
});

/** A matrix is a group of one choice per row, each answered with the matrix's columns. */
function matrixGroup(question: Question, columns: Map<string, AnswerColumn>): FhirQuestion[] {
  const name = question.getValueName();
  const rows = (question as Question & { rows: ItemValue[] }).rows.flatMap((row): FhirQuestion[] => {
    const column = columns.get(`${name}.${row.value}`);
    if (!column) return [];
    const value = (answers: Answers) => (answers[name] as Answers | undefined)?.[row.value];
    return [{ linkId: column.code, text: bothLanguages(row.locText), type: 'choice', options: column.answers, value }];
  });
  return rows.length > 0 ? [{ linkId: name, text: bothLanguages(question.locTitle), type: 'group', items: rows }] : [];
}

/** An HTML element as text to display: FHIR item text is plain, so its markup is dropped. */
function displayItem(question: Question): FhirQuestion[] {
  const html = bothLanguages(question.getLocalizableString('html'));
  const plain = (markup: string) =>
    markup
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const text = { en: plain(html.en), sp: plain(html.sp) };
  return text.en ? [{ linkId: question.name, text, type: 'display' }] : [];
}

/**
 * The items of a form version as FHIR asks them, in the form's order: its exported columns only (a de-identified
 * run leaves out free text), a matrix as a group of its rows, and its HTML elements as display items.
 */
export function formQuestions(form: DatasetForm): FhirQuestion[] {
  const model = surveyModel(form.definition);
  const columns = new Map(form.columns.map((column) => [column.code, column]));
  return model.getAllQuestions(false).flatMap((question): FhirQuestion[] => {
    const type = question.getType();
    if (type === 'html') return displayItem(question);
    if (type === 'matrix') return matrixGroup(question, columns);
    const asked = columns.get(question.getValueName());
    const other = columns.get(`${question.getValueName()}${model.commentSuffix}`);
    return [...(asked ? [askedItem(question, asked)] : []), ...(other ? [otherTextItem(other)] : [])];
  });
}
