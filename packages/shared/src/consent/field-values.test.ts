import { describe, expect, it } from 'vitest';
import type { TConsentInputField } from './ceremony';
import { fieldValueProblems, normalizedFieldValues } from './field-values';

const field = (id: string, type: TConsentInputField['type'], isRequired = true): TConsentInputField => ({
  id,
  name: id,
  description: `The ${id} field`,
  type,
  coordinates: { page: 1, x: 10, y: 10 },
  dimensions: { width: 100, height: 20 },
  isRequired,
});
const FIELDS = [field('agree', 'checkbox'), field('name', 'text'), field('date', 'date'), field('sign', 'signature')];
const TODAY = '2026-03-01';

describe('the values of a consent form’s fields', () => {
  it('accepts a complete form, today’s date give or take a day', () => {
    for (const date of ['02/28/2026', '03/01/2026', '03/02/2026'])
      expect(fieldValueProblems(FIELDS, { agree: true, name: 'Ana', date }, TODAY)).toEqual([]);
  });

  it('names each required field left empty, in the form’s order', () => {
    expect(fieldValueProblems(FIELDS, { agree: false, name: '  ' }, TODAY)).toEqual([
      { errorField: 'agree', message: 'consent.checkboxRequired' },
      { errorField: 'name', message: 'consent.fieldRequired' },
      { errorField: 'date', message: 'consent.dateRequired' },
    ]);
  });

  it('refuses another day, an impossible date, a wrong type and an over-long text', () => {
    const problems = fieldValueProblems(FIELDS, { agree: 'yes', name: 'x'.repeat(201), date: '02/30/2026' }, TODAY);
    expect(problems.map((p) => p.message)).toEqual([
      'consent.fieldInvalid',
      'consent.textTooLong',
      'consent.dateToday',
    ]);
    expect(fieldValueProblems(FIELDS, { agree: true, name: 'Ana', date: '01/01/2020' }, TODAY)).toEqual([
      { errorField: 'date', message: 'consent.dateToday' },
    ]);
  });

  it('lets optional fields stay empty, and keeps only the form’s own fields, trimmed', () => {
    const optional = [field('note', 'text', false), field('extra', 'checkbox', false), field('day', 'date', false)];
    expect(fieldValueProblems(optional, {}, TODAY)).toEqual([]);
    expect(normalizedFieldValues(FIELDS, { agree: true, name: '  Ana  ', other: 'x', date: '' })).toEqual({
      agree: true,
      name: 'Ana',
    });
  });
});
