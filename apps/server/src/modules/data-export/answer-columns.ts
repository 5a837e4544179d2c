import type { ItemValue, LocalizableString, Question } from 'survey-core';
import { surveyModel } from '../../lib/survey-core';

/** An answer code with its label in both languages. */
export interface AnswerCode {
  code: string;
  en: string;
  sp: string;
}

/** One column of a form's answers file, and its entry in the data dictionary. */
export interface AnswerColumn {
  code: string;
  labelEn: string;
  labelSp: string;
  type: string;
  answers: AnswerCode[];
  /** Whether a participant may write anything in it: such a column is left out of a de-identified file. */
  freeText: boolean;
  /** The cell of one response's answers. */
  read(answers: Record<string, unknown>): string;
}

/** Elements that only show something (text, a picture) and ask nothing. */
const DISPLAY_ONLY = new Set(['html', 'image', 'expression']);

/**
 * Question types answered only with the form's own codes. Any other type (text of any input type but a number,
 * comment, multiple text, dynamic matrices and panels, files, signatures) is free text: a name, an address or a date
 * may be written in it.
 */
const CODED_TYPES = new Set([
  'radiogroup',
  'checkbox',
  'dropdown',
  'tagbox',
  'imagepicker',
  'buttongroup',
  'ranking',
  'rating',
  'boolean',
  'matrix',
]);

type ChoiceQuestion = Question & {
  hasOther?: boolean;
  otherItem?: ItemValue;
  allowCustomChoices?: boolean;
  getStoreOthersAsComment?: () => boolean;
};

/** Input types of a text question that hold only a number (a count, a measure), which is no free text. */
const NUMBER_INPUTS = new Set(['number', 'range']);

/**
 * Whether a question's own column may hold what the participant wrote: a type not answered with codes (but a number
 * box), choices the participant may add to, or an "other" text kept in the answer itself instead of beside it.
 */
function writesFreeText(question: ChoiceQuestion & { inputType?: string }): boolean {
  if (question.getType() === 'text') return !NUMBER_INPUTS.has(question.inputType ?? 'text');
  if (!CODED_TYPES.has(question.getType())) return true;
  if (question.allowCustomChoices) return true;
  return Boolean(question.hasOther && question.getStoreOthersAsComment && !question.getStoreOthersAsComment());
}

/** A form's text in both languages: English is the default locale, Spanish `es` falls back to it where missing. */
export function bothLanguages(text: LocalizableString): { en: string; sp: string } {
  const en = text.getLocaleText('') || text.textOrHtml;
  return { en, sp: text.getLocaleText('es') || en };
}

const answerCode = (item: ItemValue): AnswerCode => {
  const label = bothLanguages(item.locText);
  return { code: String(item.value), en: label.en || String(item.value), sp: label.sp || String(item.value) };
};

/** An answer as one cell: several choices joined by semicolons, anything else as its plain text. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cell).join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function codesOf(question: Question): AnswerCode[] {
  const type = question.getType();
  if (type === 'boolean') {
    const q = question as Question & { locLabelTrue: LocalizableString; locLabelFalse: LocalizableString };
    const [yes, no] = [bothLanguages(q.locLabelTrue), bothLanguages(q.locLabelFalse)];
    return [
      { code: 'true', ...yes },
      { code: 'false', ...no },
    ];
  }
  if (type === 'rating')
    return ((question as Question & { visibleRateValues: ItemValue[] }).visibleRateValues ?? []).map(answerCode);
  const choices = (question as Question & { visibleChoices?: ItemValue[] }).visibleChoices;
  return choices ? choices.map(answerCode) : [];
}

/** A matrix asks one question per row: a column each, answered with the matrix's columns. */
function matrixColumns(question: Question, title: { en: string; sp: string }): AnswerColumn[] {
  const matrix = question as Question & { rows: ItemValue[]; columns: ItemValue[] };
  const answers = matrix.columns.map(answerCode);
  return matrix.rows.map((row) => {
    const label = answerCode(row);
    return {
      code: `${question.getValueName()}.${label.code}`,
      labelEn: `${title.en} — ${label.en}`,
      labelSp: `${title.sp} — ${label.sp}`,
      type: 'matrix',
      answers,
      freeText: false,
      read: (values) => cell((values[question.getValueName()] as Record<string, unknown> | undefined)?.[row.value]),
    };
  });
}

/**
 * The columns of a form's answers, in the order the form asks its questions: one per question (one per row of a
 * matrix), and after a question with an "other" choice, the text written for it.
 */
export function answerColumns(definition: unknown): AnswerColumn[] {
  const model = surveyModel(definition);
  const columns: AnswerColumn[] = [];
  for (const question of model.getAllQuestions(false)) {
    const type = question.getType();
    if (DISPLAY_ONLY.has(type)) continue;
    const name = question.getValueName();
    const title = bothLanguages(question.locTitle);
    if (type === 'matrix') {
      columns.push(...matrixColumns(question, title));
      continue;
    }
    columns.push({
      code: name,
      labelEn: title.en,
      labelSp: title.sp,
      type,
      answers: codesOf(question),
      freeText: writesFreeText(question),
      read: (values) => cell(values[name]),
    });
    const other = (question as ChoiceQuestion).otherItem;
    if ((question as ChoiceQuestion).hasOther && other) {
      const label = answerCode(other);
      const code = `${name}${model.commentSuffix}`;
      columns.push({
        code,
        labelEn: `${title.en} — ${label.en}`,
        labelSp: `${title.sp} — ${label.sp}`,
        type: 'text',
        answers: [],
        freeText: true,
        read: (values) => cell(values[code]),
      });
    }
  }
  return columns;
}
