import { describe, expect, it } from 'vitest';
import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import type { NewFormField } from '../../db/consent-forms';
import { carryFieldIds, placementProblems, safePdfName, sameFields, toFormField } from './consent-fields';

const LETTER = { width: 612, height: 792 };

const field = (overrides: Partial<NewFormField> = {}): NewFormField => ({
  name: 'printed_name',
  description: 'Printed name of the participant',
  type: 'text',
  page: 1,
  x: 72,
  y: 600,
  width: 200,
  height: 24,
  isRequired: true,
  ...overrides,
});

describe('toFormField', () => {
  it('flatten the place and size of a field as a version stores it, an unnamed field with an empty name', () => {
    expect(
      toFormField({
        description: 'Date of signing',
        type: 'date',
        coordinates: { page: 2, x: 10, y: 20 },
        dimensions: { width: 100, height: 18 },
        isRequired: false,
      }),
    ).toEqual({
      name: '',
      description: 'Date of signing',
      type: 'date',
      page: 2,
      x: 10,
      y: 20,
      width: 100,
      height: 18,
      isRequired: false,
    });
    const stored: TConsentInputField = {
      id: '6f1c2a44-0000-4000-8000-000000000001',
      name: 'printed_name',
      description: 'Printed name of the participant',
      type: 'text',
      coordinates: { page: 1, x: 72, y: 600 },
      dimensions: { width: 200, height: 24 },
      isRequired: true,
    };
    expect(toFormField(stored)).toEqual(field());
  });
});

describe('sameFields', () => {
  it('is true only for the same fields in the same order', () => {
    const date = field({ description: 'Date of signing', type: 'date', y: 640 });
    expect(sameFields([field(), date], [field(), date])).toBe(true);
    expect(sameFields([field(), date], [date, field()])).toBe(false);
    expect(sameFields([field()], [field({ isRequired: false })])).toBe(false);
    expect(sameFields([field()], [field({ x: 72.5 })])).toBe(false);
    expect(sameFields([field()], [field(), field()])).toBe(false);
  });
});

describe('placementProblems', () => {
  it('names each field outside its page or on a page the PDF lacks, by its index', () => {
    const problems = placementProblems(
      [field(), field({ x: 600, width: 50 }), field({ page: 3 })],
      [LETTER, LETTER],
      (index) => `inputFields.${index}`,
    );
    expect(problems).toEqual([
      {
        errorField: 'inputFields.1.coordinates',
        message: 'healthSystems.field.outsidePage',
        values: { page: 1, width: 612, height: 792 },
      },
      {
        errorField: 'inputFields.2.coordinates',
        message: 'healthSystems.field.pageMissing',
        values: { page: 3, count: 2 },
      },
    ]);
  });

  it('accepts a field touching the page edge', () => {
    expect(placementProblems([field({ x: 412, y: 768 })], [LETTER], () => 'inputField')).toEqual([]);
  });
});

describe('safePdfName', () => {
  it('keeps letters, digits, dots, hyphens and underscores, always ending in .pdf', () => {
    expect(safePdfName('Lakeside consent (v2).PDF', 'consent-en')).toBe('Lakeside_consent_v2_.pdf');
    expect(safePdfName('consent.html', 'consent-en')).toBe('consent.html.pdf');
    expect(safePdfName('form_2024-05.pdf', 'consent-en')).toBe('form_2024-05.pdf');
  });

  it('drops any path and leading dots, and falls back when nothing is left', () => {
    expect(safePdfName('../../etc/passwd', 'consent-en')).toBe('passwd.pdf');
    expect(safePdfName('C:\\Users\\me\\.hidden.pdf', 'consent-sp')).toBe('hidden.pdf');
    expect(safePdfName('<script>.pdf', 'consent-en')).toBe('script_.pdf');
    expect(safePdfName('', 'consent-sp')).toBe('consent-sp.pdf');
    expect(safePdfName(undefined, 'consent-en')).toBe('consent-en.pdf');
    expect(safePdfName('....pdf', 'consent-en')).toBe('consent-en.pdf');
  });
});

describe('carryFieldIds', () => {
  const stored = (id: string, description: string, x: number): TConsentInputField => ({
    id,
    name: '',
    description,
    type: 'text',
    coordinates: { page: 1, x, y: 600 },
    dimensions: { width: 200, height: 24 },
    isRequired: true,
  });
  const current = [stored('field-a', 'Printed name', 72), stored('field-b', 'Witness name', 320)];
  const settings = ({ id: _id, ...rest }: TConsentInputField) => rest;

  it('keep the id an entry names, then the id of a current field an entry without one equals; else none', () => {
    const moved = { ...current[1]!, coordinates: { page: 1, x: 300, y: 600 } };
    const carried = carryFieldIds(
      [settings(current[0]!), moved, { ...settings(current[1]!), description: 'New box' }],
      current,
    );
    expect(carried.map((f) => f.fieldId)).toEqual(['field-a', 'field-b', undefined]);
  });

  it('give one id to one entry only, and none for an id the form does not have', () => {
    const carried = carryFieldIds([current[0]!, current[0]!, { ...settings(current[1]!), id: 'field-z' }], current);
    expect(carried.map((f) => f.fieldId)).toEqual(['field-a', undefined, 'field-b']);
  });
});
