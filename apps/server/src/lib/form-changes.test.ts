import { describe, expect, it } from 'vitest';
import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import { formChanges } from './form-changes';

const field = (description: string, x = 72, overrides: Partial<TConsentInputField> = {}): TConsentInputField => ({
  id: description,
  name: description,
  description,
  type: 'text',
  coordinates: { page: 1, x, y: 600 },
  dimensions: { width: 200, height: 24 },
  isRequired: true,
  ...overrides,
});
const SYSTEM = '6f1c2a44-0000-4000-8000-000000000001';

describe('formChanges', () => {
  it('names a different form altogether when the owner changes', () => {
    expect(
      formChanges(
        { healthSystemId: SYSTEM, sha256: 'a', fields: [] },
        { healthSystemId: null, sha256: 'b', fields: [] },
      ),
    ).toEqual([{ kind: 'formReplaced' }]);
  });

  it('names the PDF replaced, fields added, moved, made optional and removed', () => {
    const before = {
      healthSystemId: SYSTEM,
      sha256: 'a',
      fields: [field('Printed name'), field('Date signed'), field('Phone number')],
    };
    const after = {
      healthSystemId: SYSTEM,
      sha256: 'b',
      fields: [
        field('Printed name', 90),
        field('Date signed', 72, { isRequired: false, id: 'other id' }),
        field('Witness name'),
      ],
    };
    expect(formChanges(before, after)).toEqual([
      { kind: 'document' },
      { kind: 'fieldChanged', field: 'Printed name' },
      { kind: 'fieldChanged', field: 'Date signed' },
      { kind: 'fieldAdded', field: 'Witness name' },
      { kind: 'fieldRemoved', field: 'Phone number' },
    ]);
  });

  it('pairs fields of the same type and description one to one', () => {
    const initials = (page: number) => field('Initials', 72, { coordinates: { page, x: 72, y: 740 } });
    const before = { healthSystemId: SYSTEM, sha256: 'a', fields: [initials(1), initials(2), initials(3)] };
    const moved = { ...initials(1), coordinates: { page: 1, x: 300, y: 740 } };
    expect(formChanges(before, { ...before, fields: [moved, initials(2), initials(3)] })).toEqual([
      { kind: 'fieldChanged', field: 'Initials' },
    ]);
    expect(formChanges(before, { ...before, fields: [initials(1), initials(3)] })).toEqual([
      { kind: 'fieldRemoved', field: 'Initials' },
    ]);
    expect(formChanges(before, { ...before, fields: [...before.fields, initials(4)] })).toEqual([
      { kind: 'fieldAdded', field: 'Initials' },
    ]);
  });

  it('finds nothing when only the ids differ', () => {
    const before = { healthSystemId: SYSTEM, sha256: 'a', fields: [field('Printed name')] };
    const after = { healthSystemId: SYSTEM, sha256: 'a', fields: [field('Printed name', 72, { id: 'new id' })] };
    expect(formChanges(before, after)).toEqual([]);
  });
});
