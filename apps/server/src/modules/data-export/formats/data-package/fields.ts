import { csvCell } from '../../../../lib/csv';
import type { AnswerColumn } from '../../answer-columns';
import type { ParticipantColumn } from '../../deidentified';
import { RESTRICTED_ZIP3_SOURCE } from '../../deidentify/restricted-zip3';
import { TOP_CODED_AGE, TOP_CODED_BIRTH } from '../../deidentify/safe-harbor';

/** The Table Schema (v1) types the files use; a moment is a `datetime` in ISO 8601 UTC, as `csvRecord` writes it. */
export type FieldType = 'string' | 'integer' | 'datetime' | 'date';

export interface FieldConstraints {
  required?: true;
  enum?: string[];
  pattern?: string;
}

export interface TableField {
  name: string;
  type: FieldType;
  /** The column in English. */
  title: string;
  /** The column in Spanish (`es: …`), and what a reader must know of its cells. */
  description: string;
  constraints?: FieldConstraints;
}

/** An empty cell is a missing value; no other text is. */
export interface TableSchema {
  fields: TableField[];
  missingValues: [''];
  primaryKey?: string[];
}

/**
 * A cell as a CSV reader reads it back. `csvCell` puts an apostrophe before a leading = + - @ (so a negative code
 * `-1` is written `'-1`), so the schema's names and codes are those the file holds. The typed columns (integers,
 * dates, moments) never start with one of these: rounds and versions are positive, and no year is negative.
 */
export function cellAsRead(value: string): string {
  const cell = csvCell(value);
  return cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
}

/** The participant column: the user ID, or in a de-identified run the pseudonym. */
export const participantHeader = (deidentified: boolean): ParticipantColumn['name'] =>
  deidentified ? 'participantPseudonym' : 'participantId';

interface ColumnText {
  type: FieldType;
  en: string;
  es: string;
  enum?: readonly string[];
  pattern?: string;
}

const restricted = RESTRICTED_ZIP3_SOURCE.maxPopulation.toLocaleString('en-US');

/** The portal's own columns, by name, whatever the file. */
const COLUMNS: Record<string, ColumnText> = {
  participantId: { type: 'string', en: 'Participant (user ID)', es: 'Participante (ID de usuario)' },
  participantPseudonym: {
    type: 'string',
    en: 'Participant (pseudonym of this export)',
    es: 'Participante (seudónimo de esta exportación)',
  },
  roundNumber: { type: 'integer', en: 'Survey round', es: 'Ronda de encuestas' },
  oneTimeSurveyId: { type: 'string', en: 'One-time survey', es: 'Encuesta única' },
  startedAt: { type: 'datetime', en: 'Started at', es: 'Iniciada' },
  submittedAt: { type: 'datetime', en: 'Submitted at', es: 'Enviada' },
  code: { type: 'string', en: 'Column of the answers file', es: 'Columna del archivo de respuestas' },
  labelEn: { type: 'string', en: 'Question in English', es: 'Pregunta en inglés' },
  labelSp: { type: 'string', en: 'Question in Spanish', es: 'Pregunta en español' },
  type: { type: 'string', en: 'Question type', es: 'Tipo de pregunta' },
  answersEn: {
    type: 'string',
    en: 'Answer codes in English (code=label | …)',
    es: 'Códigos de respuesta en inglés (código=etiqueta | …)',
  },
  answersSp: {
    type: 'string',
    en: 'Answer codes in Spanish (code=label | …)',
    es: 'Códigos de respuesta en español (código=etiqueta | …)',
  },
  event: { type: 'string', en: 'Event', es: 'Evento', enum: ['consent', 'reconsent', 'withdrawal'] },
  date: { type: 'datetime', en: 'Date', es: 'Fecha' },
  healthSystem: { type: 'string', en: 'Health system', es: 'Sistema de salud' },
  formLanguage: { type: 'string', en: 'Language of the form', es: 'Idioma del formulario', enum: ['en', 'sp'] },
  formVersion: { type: 'integer', en: 'Version of the form', es: 'Versión del formulario' },
  carriedOutBy: {
    type: 'string',
    en: 'Carried out by',
    es: 'Realizado por',
    enum: ['participant', 'administrator'],
  },
  administratorId: { type: 'string', en: 'Administrator (staff ID)', es: 'Administrador (ID del personal)' },
  status: { type: 'string', en: 'Status', es: 'Estado' },
  consentedAt: { type: 'datetime', en: 'Consented at', es: 'Consentimiento' },
  updatedAt: { type: 'datetime', en: 'Updated at', es: 'Actualizado' },
  lastChange: { type: 'string', en: 'Kind of the last change', es: 'Tipo del último cambio' },
  language: { type: 'string', en: 'Language', es: 'Idioma', enum: ['en', 'sp'] },
  registeredAt: { type: 'datetime', en: 'Registered at', es: 'Registro' },
  withdrawnAt: { type: 'datetime', en: 'Withdrew at', es: 'Retiro' },
  birthDate: { type: 'date', en: 'Date of birth', es: 'Fecha de nacimiento' },
  // Not a `year`: the category 90+ is none, so four digits or 90+ as text.
  birthYear: {
    type: 'string',
    en: `Year of birth, or ${TOP_CODED_BIRTH} for an age of ${TOP_CODED_AGE} or more`,
    es: `Año de nacimiento, o ${TOP_CODED_BIRTH} para una edad de ${TOP_CODED_AGE} años o más`,
    pattern: `([0-9]{4}|${TOP_CODED_AGE}\\+)`,
  },
  postalCode: { type: 'string', en: 'Postal code', es: 'Código postal' },
  postalCode3: {
    type: 'string',
    en: `First three digits of the US ZIP code, 000 for an area of ${restricted} people or fewer`,
    es: `Tres primeros dígitos del código postal de EE. UU., 000 para un área de ${restricted} personas o menos`,
    pattern: '[0-9]{3}',
  },
  gender: { type: 'string', en: 'Gender', es: 'Género' },
  country: { type: 'string', en: 'Country', es: 'País' },
};

/** What one file says of its own columns: those always filled, and enumerations of its own. */
export interface FileConstraints {
  required: readonly string[];
  enums?: Record<string, readonly string[]>;
}

/** The fields of the portal's own columns, in the order of the file's header. */
export function portalFields(header: readonly string[], file: FileConstraints): TableField[] {
  return header.map((name) => {
    const column = COLUMNS[name];
    if (!column) throw new Error(`No Table Schema field for the column ${name}`);
    const values = file.enums?.[name] ?? column.enum;
    const constraints: FieldConstraints = {
      ...(file.required.includes(name) ? { required: true as const } : {}),
      ...(values ? { enum: [...values] } : {}),
      ...(column.pattern ? { pattern: column.pattern } : {}),
    };
    return {
      name,
      type: column.type,
      title: column.en,
      description: `es: ${column.es}`,
      ...(Object.keys(constraints).length > 0 ? { constraints } : {}),
    };
  });
}

/** Question types whose answer may be several codes, joined by semicolons in one cell. */
const SEVERAL_CODES = new Set(['checkbox', 'tagbox', 'ranking', 'imagepicker']);

/**
 * An answer column: text, with its codes as an enumeration when every answer is exactly one of them. A column of
 * free text has none, nor one whose cell may join several codes (which its description says).
 */
export function answerField(column: AnswerColumn): TableField {
  const several = SEVERAL_CODES.has(column.type);
  const coded = !column.freeText && !several && column.answers.length > 0;
  return {
    name: cellAsRead(column.code),
    type: 'string',
    title: column.labelEn,
    description: several
      ? `es: ${column.labelSp} (one or more answer codes joined by ";", as the data dictionary lists them)`
      : `es: ${column.labelSp}`,
    ...(coded ? { constraints: { enum: column.answers.map((answer) => cellAsRead(answer.code)) } } : {}),
  };
}
