import { describe, expect, it } from 'vitest';
import { ZHealthSystemRegistration } from '@portal/shared/health-systems/registration-data';
import { registrationErrorField, zodProblems } from './field-errors';

describe('registrationErrorField', () => {
  const raw = { consentForms: [{ language: 'sp' }, { language: 'en' }] };
  const name = registrationErrorField(raw);

  it('names basic information and system configuration by their own field', () => {
    expect(name(['basicInfo', 'name'])).toBe('name');
    expect(name(['basicInfo', 'description'])).toBe('description');
    expect(name(['systemInfo', 'databaseValue'])).toBe('databaseValue');
    expect(name(['systemInfo', 'dropdownLabels'])).toBe('dropdownLabels');
  });

  it('names a consent form entry by its language, and anything else by its dotted path', () => {
    expect(name(['consentForms', 1, 'inputFields', 0, 'coordinates', 'x'])).toBe(
      'consentForms.en.inputFields.0.coordinates.x',
    );
    expect(name(['consentForms', 0, 'inputFields'])).toBe('consentForms.sp.inputFields');
    expect(registrationErrorField({})(['consentForms', 2, 'language'])).toBe('consentForms.2.language');
    expect(name(['consentForms'])).toBe('consentForms');
    expect(name([])).toBe('');
  });
});

describe('zodProblems', () => {
  it('lists each issue of a registration with its field and message key', () => {
    const data = {
      basicInfo: { name: ' ', description: 'A clinic' },
      systemInfo: { databaseValue: 'lakeside', dropdownLabels: { en: 'Lakeside', sp: 'Lakeside' } },
      consentForms: [
        {
          language: 'en',
          useDefault: false,
          inputFields: [
            {
              description: 'Printed name',
              type: 'text',
              coordinates: { page: 1, x: -1, y: 10 },
              dimensions: { width: 10, height: 10 },
            },
          ],
        },
        { language: 'sp', useDefault: true, inputFields: [] },
      ],
    };
    const parsed = ZHealthSystemRegistration.safeParse(data);
    expect(parsed.success).toBe(false);
    expect(zodProblems(parsed.error!, registrationErrorField(data))).toEqual([
      { errorField: 'name', message: 'healthSystems.nameRequired' },
      { errorField: 'consentForms.en.inputFields.0.coordinates.x', message: 'healthSystems.field.xMin' },
    ]);
  });
});
