import type { ExportDataset } from '../dataset';
import { redcapRecord } from './csv';
import { type RedcapField, type RedcapInstrument, RECORD_ID } from './instruments';

/** The columns of REDCap's data dictionary, in its order. */
const DICTIONARY_HEADER = [
  'Variable / Field Name',
  'Form Name',
  'Section Header',
  'Field Type',
  'Field Label',
  'Choices, Calculations, OR Slider Labels',
  'Field Note',
  'Text Validation Type OR Show Slider Number',
  'Text Validation Min',
  'Text Validation Max',
  'Identifier?',
  'Branching Logic (Show field only if...)',
  'Required Field?',
  'Custom Alignment',
  'Question Number (surveys only)',
  'Matrix Group Name',
  'Matrix Ranking?',
  'Field Annotation',
];

/** A label as REDCap's choices syntax can hold it: on one line, without the `|` that parts choices. */
const choiceLabel = (label: string) => label.replaceAll('|', '/').replace(/\s+/g, ' ').trim();

/** REDCap's choices syntax, `code, label | code, label`. */
const choicesOf = (field: RedcapField, language: 'en' | 'sp') =>
  field.choices.map((choice) => `${choice.code}, ${choiceLabel(choice.answer[language])}`).join(' | ');

/**
 * What maps a field back to the portal, one line each: the portal's question code, the Spanish label and choices,
 * and the portal's codes that REDCap could not keep as they are.
 */
function annotation(field: RedcapField): string {
  const lines = [`Portal question: ${field.column.code}`, `Spanish: ${field.column.labelSp}`];
  if (field.choices.length > 0) lines.push(`Spanish choices: ${choicesOf(field, 'sp')}`);
  const changed = field.choices.filter((choice) => choice.code !== choice.answer.code);
  if (changed.length > 0)
    lines.push(`Portal codes: ${changed.map((choice) => `${choice.code} = ${choice.answer.code}`).join(', ')}`);
  return lines.join('\n');
}

/** The parts of a dictionary row the export fills; REDCap's other columns stay empty. */
interface DictionaryRow {
  variable: string;
  form: string;
  type: string;
  label: string;
  choices?: string;
  validation?: string;
  identifier?: 'y';
  matrixGroup?: string;
  annotation: string;
}

const dictionaryRecord = (row: DictionaryRow) =>
  redcapRecord([
    row.variable,
    row.form,
    '',
    row.type,
    row.label,
    row.choices ?? '',
    '',
    row.validation ?? '',
    '',
    '',
    row.identifier ?? '',
    '',
    '',
    '',
    '',
    row.matrixGroup ?? '',
    '',
    row.annotation,
  ]);

/**
 * The records of the data dictionary: the header, the record id on the first instrument (an identifier only in
 * an identified run), then every instrument's fields in question order.
 */
export function dictionaryRecords(dataset: ExportDataset, instruments: readonly RedcapInstrument[]): string[] {
  const recordId = dictionaryRecord({
    variable: RECORD_ID,
    form: instruments[0]!.name,
    type: 'text',
    label: 'Record ID',
    ...(dataset.deidentified ? {} : { identifier: 'y' }),
    annotation: dataset.deidentified
      ? 'Portal participant: a pseudonym drawn for this export run'
      : 'Portal participant',
  });
  const fields = instruments.flatMap((instrument) =>
    instrument.fields.map((field) =>
      dictionaryRecord({
        variable: field.variable,
        form: instrument.name,
        type: field.type,
        label: field.column.labelEn,
        choices: choicesOf(field, 'en'),
        validation: field.validation,
        matrixGroup: field.matrixGroup,
        annotation: annotation(field),
      }),
    ),
  );
  return [redcapRecord(DICTIONARY_HEADER), recordId, ...fields];
}
