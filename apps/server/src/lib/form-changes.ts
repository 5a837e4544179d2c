import type { TConsentInputField, TFormChange } from '@portal/shared/consent/ceremony';

/** A form version as the changes between two versions are read: whose it is, its PDF's hash and its fields. */
export interface FormSnapshot {
  /** Null for the study's default form. */
  healthSystemId: string | null;
  sha256: string;
  fields: readonly TConsentInputField[];
}

/** A field is the same field in two versions when it has the same type and description. */
const sameField = (a: TConsentInputField, b: TConsentInputField) =>
  a.type === b.type && a.description.trim().toLowerCase() === b.description.trim().toLowerCase();

const sameSettings = (a: TConsentInputField, b: TConsentInputField) =>
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
 * added, changed (moved, resized, made required or optional) or removed, named by its description. Fields that
 * share a type and description (initials on every page) are paired one to one, unchanged ones first.
 */
export function formChanges(before: FormSnapshot, after: FormSnapshot): TFormChange[] {
  if (before.healthSystemId !== after.healthSystemId) return [{ kind: 'formReplaced' }];
  const changes: TFormChange[] = [];
  if (before.sha256 !== after.sha256) changes.push({ kind: 'document' });
  const unpaired = [...before.fields];
  /** Takes the first earlier field not paired yet that `matches` accepts; whether there was one. */
  const paired = (matches: (old: TConsentInputField) => boolean) => {
    const index = unpaired.findIndex(matches);
    if (index >= 0) unpaired.splice(index, 1);
    return index >= 0;
  };
  const altered = after.fields.filter((field) => !paired((old) => sameField(old, field) && sameSettings(old, field)));
  for (const field of altered) {
    const kind = paired((old) => sameField(old, field)) ? 'fieldChanged' : 'fieldAdded';
    changes.push({ kind, field: field.description });
  }
  for (const field of unpaired) changes.push({ kind: 'fieldRemoved', field: field.description });
  return changes;
}
