import {
  DATA_DICTIONARY_HEADER,
  dataDictionaryCells,
  surveyAnswersCells,
  surveyAnswersHeader,
} from '../../csv-columns';
import type { DatasetForm, ExportDataset } from '../dataset';
import { answerField, participantHeader, portalFields } from './fields';
import { cellsOf, csvTable, type Table } from './table';

/** A form version in a file's name, as the Data Export tab names its downloads. */
const formStem = (form: DatasetForm) => `${form.formKey.replace(/[^\w-]/g, '_')}-v${form.version}`;
const formLabel = (form: DatasetForm) => `${form.title.en} (version ${form.version})`;

/** A row per submitted response of the form version, a column per answer column of the run. */
export function surveyAnswersTable(dataset: ExportDataset, form: DatasetForm): Table {
  const participant = participantHeader(dataset.deidentified);
  const header = surveyAnswersHeader(participant, form.columns);
  const fixed = header.slice(0, header.length - form.columns.length);
  return csvTable({
    name: `survey-answers-${formStem(form)}.csv`,
    about: `The submitted responses to ${formLabel(form)}, one per row, a column per answer.`,
    header,
    fields: [...portalFields(fixed, { required: [participant, 'submittedAt'] }), ...form.columns.map(answerField)],
    records: () => cellsOf(dataset.responses(form), (row) => surveyAnswersCells(row, form.columns)),
  });
}

/** Each answer column of the form version: its question in both languages, its type and its answer codes. */
export function dataDictionaryTable(form: DatasetForm): Table {
  return csvTable({
    name: `data-dictionary-${formStem(form)}.csv`,
    about: `The data dictionary of the answers to ${formLabel(form)}: each column's question, type and codes.`,
    header: DATA_DICTIONARY_HEADER,
    fields: portalFields(DATA_DICTIONARY_HEADER, { required: ['code', 'type'] }),
    primaryKey: ['code'],
    records: async function* () {
      yield form.columns.map(dataDictionaryCells);
    },
  });
}
