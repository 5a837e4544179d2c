import type { Question } from 'survey-core';
import type { AnswerCode, AnswerColumn } from '../../answer-columns';
import type { DatasetForm } from '../dataset';
import { type FieldKind, fieldKind, questionsOf } from './field-type';
import { choiceCodes, uniqueNames, VARIABLE_LENGTH } from './names';

/** The record id field, first in the dictionary and in every records file. */
export const RECORD_ID = 'record_id';

/** Variable names REDCap refuses (its `Project::$reserved_field_names`): its own columns, and words of JavaScript. */
const RESERVED = [
  'redcap_event_name',
  'redcap_csrf_token',
  'redcap_survey_timestamp',
  'redcap_survey_identifier',
  'redcap_survey_return_code',
  'redcap_data_access_group',
  'hidden_edit_flag',
  'instance',
  'redcap_repeat_instance',
  'redcap_repeat_instrument',
  'submit',
  'new',
  'return',
  'continue',
  'case',
  'switch',
  'class',
  'enum',
  'catch',
  'throw',
  'document',
  'super',
  'focus',
  'elements',
  'action',
  'event_id',
  'target',
  'field_label',
];

/** REDCap warns of an instrument name longer than 50 characters (and refuses one over 64). */
const INSTRUMENT_LENGTH = 50;

/** REDCap's longest matrix group name. */
const MATRIX_GROUP_LENGTH = 60;

/** A choice of a REDCap field: its REDCap code and the portal's answer code with its labels. */
export interface RedcapChoice {
  code: string;
  answer: AnswerCode;
}

/** One field of the data dictionary, made from one answer column. */
export interface RedcapField extends FieldKind {
  variable: string;
  column: AnswerColumn;
  /** The choices of a radio, dropdown or checkbox field; none for any other. */
  choices: RedcapChoice[];
  /** The matrix a matrix row belongs to, or empty. */
  matrixGroup: string;
}

/** One REDCap instrument: a chosen form version. */
export interface RedcapInstrument {
  name: string;
  form: DatasetForm;
  fields: RedcapField[];
}

/** The form status field REDCap keeps for each instrument. */
export const completeField = (instrument: string) => `${instrument}_complete`;

/** The survey timestamp REDCap may export for each instrument, so no question may take its name either. */
const timestampField = (instrument: string) => `${instrument}_timestamp`;

const CODED: ReadonlySet<string> = new Set(['radio', 'dropdown', 'checkbox']);

/** The matrix a matrix row's column (`matrix.row`) belongs to. */
const matrixOf = (column: AnswerColumn, questions: Map<string, Question>) =>
  [...questions.keys()].find((code) => column.code.startsWith(`${code}.`)) ?? column.code;

/**
 * The REDCap instruments of the chosen form versions, in the dataset's order: each named `<form key>_v<version>`,
 * with a field per answer column the run exports. Names are given in that order (instruments first, then every
 * variable, then matrix groups), each unique across the project, so the same forms always get the same names.
 */
export function redcapInstruments(forms: readonly DatasetForm[]): RedcapInstrument[] {
  const instrumentName = uniqueNames(INSTRUMENT_LENGTH);
  const names = forms.map((form) => instrumentName(`${form.formKey}_v${form.version}`));
  const variableName = uniqueNames(VARIABLE_LENGTH, [
    RECORD_ID,
    ...RESERVED,
    ...names.flatMap((name) => [completeField(name), timestampField(name)]),
  ]);
  const matrixGroupName = uniqueNames(MATRIX_GROUP_LENGTH);
  return forms.map((form, index) => {
    const questions = questionsOf(form.definition);
    const groups = new Map<string, string>();
    const fields = form.columns.map((column): RedcapField => {
      const kind = fieldKind(column, questions.get(column.code));
      const codes = CODED.has(kind.type)
        ? choiceCodes(
            column.answers.map((answer) => answer.code),
            kind.type === 'checkbox',
          )
        : [];
      let matrixGroup = '';
      if (column.type === 'matrix') {
        const matrix = matrixOf(column, questions);
        matrixGroup = groups.get(matrix) ?? matrixGroupName(matrix);
        groups.set(matrix, matrixGroup);
      }
      return {
        ...kind,
        variable: variableName(column.code),
        column,
        choices: codes.map((code, at) => ({ code, answer: column.answers[at]! })),
        matrixGroup,
      };
    });
    return { name: names[index]!, form, fields };
  });
}
