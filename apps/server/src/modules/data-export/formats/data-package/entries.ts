import type { ExportDataset } from '../dataset';
import type { ArchiveEntry } from '../entry';
import { dataDictionaryTable, surveyAnswersTable } from './answer-tables';
import { descriptorEntry } from './descriptor';
import { consentRegisterTable, studyStatusTable, verificationRegisterTable } from './register-tables';
import type { Table } from './table';

/**
 * The archive's `data/` folder: the portal's own CSV files (each chosen form version's answers and data
 * dictionary, then the registers chosen), and last the Data Package that describes them.
 */
export function dataPackageEntries(dataset: ExportDataset): ArchiveEntry[] {
  const tables: Table[] = [
    ...dataset.forms.flatMap((form) => [surveyAnswersTable(dataset, form), dataDictionaryTable(form)]),
    ...[consentRegisterTable(dataset), verificationRegisterTable(dataset), studyStatusTable(dataset)].filter(
      (table): table is Table => table !== undefined,
    ),
  ];
  return [...tables.map((table) => table.entry), descriptorEntry(dataset, tables)];
}
