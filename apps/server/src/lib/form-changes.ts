import type { TConsentInputField, TFormChange } from '@portal/shared/consent/ceremony';

/** A form version as the changes between two versions are read: whose it is, its PDF's hash and its fields. */
export interface FormSnapshot {
  /** Null for the study's default form. */
  healthSystemId: string | null;
  sha256: string;
  fields: readonly TConsentInputField[];
}

/** A field is the same field in two versions when it has the same type and description. */
const fieldKey = (field: TConsentInputField) => `${field.type}\u0000${field.description.trim().toLowerCase()}`;

const samePlace = (a: TConsentInputField, b: TConsentInputField) =>
  a.coordinates.page === b.coordinates.page &&
  a.coordinates.x === b.coordinates.x &&
  a.coordinates.y === b.coordinates.y &&
  a.dimensions.width === b.dimensions.width &&
  a.dimensions.height === b.dimensions.height &&
  a.isRequired === b.isRequired &&
  a.name === b.name;

/**
 * What changed from one version of a participant's form to another, as a participant is told: a different form
 * altogether (the default one in place of the health system's own, or back), the PDF replaced, and each field
 * added, changed (moved, resized, made required or optional) or removed, named by its description.
 */
export function formChanges(before: FormSnapshot, after: FormSnapshot): TFormChange[] {
  if (before.healthSystemId !== after.healthSystemId) return [{ kind: 'formReplaced' }];
  const changes: TFormChange[] = [];
  if (before.sha256 !== after.sha256) changes.push({ kind: 'document' });
  const earlier = new Map(before.fields.map((field) => [fieldKey(field), field]));
  const later = new Map(after.fields.map((field) => [fieldKey(field), field]));
  for (const [key, field] of later) {
    const old = earlier.get(key);
    if (!old) changes.push({ kind: 'fieldAdded', field: field.description });
    else if (!samePlace(old, field)) changes.push({ kind: 'fieldChanged', field: field.description });
  }
  for (const [key, field] of earlier) {
    if (!later.has(key)) changes.push({ kind: 'fieldRemoved', field: field.description });
  }
  return changes;
}
