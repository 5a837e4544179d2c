import {
  fieldPlacementProblem,
  type PageSize,
  type TConsentInputField,
  type TInputFieldEntry,
  type TInputFieldSettings,
} from '@portal/shared/health-systems/consent-form-settings';
import type { FieldProblem } from '../../lib/outcome';
import type { NewFormField } from '../../db/consent-forms';

/** A new field as a form version stores it, from the settings an administrator sent or a stored version's field. */
export const toFormField = (field: Omit<TInputFieldSettings, 'name'> & { name?: string }): NewFormField => ({
  name: field.name ?? '',
  description: field.description,
  type: field.type,
  page: field.coordinates.page,
  x: field.coordinates.x,
  y: field.coordinates.y,
  width: field.dimensions.width,
  height: field.dimensions.height,
  isRequired: field.isRequired,
});

const fieldKey = (field: NewFormField) =>
  JSON.stringify([
    field.name,
    field.description,
    field.type,
    field.page,
    field.x,
    field.y,
    field.width,
    field.height,
    field.isRequired,
  ]);

/** A field of the current version carried over, unchanged, to the next one. */
export const keptField = (field: TConsentInputField): NewFormField => ({ ...toFormField(field), fieldId: field.id });

/**
 * A whole field list replacing the current version's: an entry naming a current field by its id keeps that
 * field's id, then an entry without one identical to a current field not yet kept keeps that field's id; any
 * other entry is a new field.
 */
export function carryFieldIds(
  entries: readonly TInputFieldEntry[],
  current: readonly TConsentInputField[],
): NewFormField[] {
  const unclaimed = new Map(current.map((field) => [field.id, fieldKey(toFormField(field))]));
  const claim = (id: string | undefined) => (id !== undefined && unclaimed.delete(id) ? id : undefined);
  const named = entries.map((entry) => claim(entry.id));
  return entries.map((entry, index) => {
    const field = toFormField(entry);
    const same = [...unclaimed].find(([, key]) => key === fieldKey(field));
    return { ...field, fieldId: named[index] ?? claim(same?.[0]) };
  });
}

/** Whether two field lists are the same fields in the same order. */
export function sameFields(a: readonly NewFormField[], b: readonly NewFormField[]): boolean {
  return a.length === b.length && a.every((field, index) => fieldKey(field) === fieldKey(b[index]!));
}

/** Each field that does not fit its PDF's pages, named by `errorField(index)` and the part of it at fault. */
export function placementProblems(
  fields: readonly NewFormField[],
  pages: readonly PageSize[],
  errorField: (index: number) => string,
): FieldProblem[] {
  return fields.flatMap((field, index) => {
    const problem = fieldPlacementProblem(
      { coordinates: { page: field.page, x: field.x, y: field.y }, dimensions: field },
      pages,
    );
    return problem ? [{ errorField: `${errorField(index)}.coordinates`, ...problem }] : [];
  });
}

const FILE_NAME_MAX = 100;

/**
 * The name a stored form keeps: the uploaded name reduced to letters, digits, `.`, `-` and `_` (no path, no
 * leading dot), always ending in `.pdf`; `fallback` when nothing is left.
 */
export function safePdfName(name: string | undefined, fallback: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.pdf$/i, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, FILE_NAME_MAX);
  return `${base || fallback}.pdf`;
}
