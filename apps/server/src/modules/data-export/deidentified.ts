import { can, type StaffRole } from '@portal/shared/staff/roles';
import type { Database } from '../../db/client';
import type { CsvValue } from '../../lib/csv-stream';
import { answerColumns } from './answer-columns';
import { loadPseudonyms } from './pseudonyms';

/**
 * Whether an export is produced in its de-identified form: always for a role without identified export, else
 * only when asked for. A call that does not ask gives a study administrator the identified files.
 */
export const producesDeidentified = (exporter: { staffRole: StaffRole | undefined }, askedDeidentified: boolean) =>
  askedDeidentified || !can(exporter.staffRole, 'export.identified');

/** How participants appear in a file: their user ID, or in a de-identified file their pseudonym. */
export interface ParticipantColumn {
  name: 'participantId' | 'participantPseudonym';
  cell: (userId: string) => string;
}

export async function participantColumn(db: Database, deidentified: boolean): Promise<ParticipantColumn> {
  if (!deidentified) return { name: 'participantId', cell: (userId) => userId };
  return { name: 'participantPseudonym', cell: await loadPseudonyms(db) };
}

/** A form's answer columns as its files hold them: a de-identified file leaves out those of free text. */
export const exportedAnswerColumns = (definition: unknown, deidentified: boolean) =>
  answerColumns(definition).filter((c) => !(deidentified && c.freeText));

/** The administrator who carried out a withdrawal: a column of staff ids, left out of a de-identified file. */
export const administratorColumn = (deidentified: boolean) => ({
  header: deidentified ? [] : ['administratorId'],
  cells: (id: string | null): CsvValue[] => (deidentified ? [] : [id]),
});
