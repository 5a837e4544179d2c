import { describe, expect, it } from 'vitest';
import en from '@portal/shared/i18n/en.json';
import sp from '@portal/shared/i18n/sp.json';
import firstEn from 'virtual:catalog/first-en';
import restEn from 'virtual:catalog/rest-en';
import firstSp from 'virtual:catalog/first-sp';
import restSp from 'virtual:catalog/rest-sp';
import { i18n, switchLanguage } from './i18n';

describe('the catalog in two parts', () => {
  it('puts the shell’s and the landing page’s texts first, and every other page’s after', () => {
    expect(Object.keys(firstEn).sort()).toEqual([
      'common',
      'content',
      'error',
      'footer',
      'help',
      'nav',
      'notFound',
      'pages',
      'routeError',
      'service',
      'session',
      'shell',
    ]);
    expect(Object.keys(restEn)).toContain('healthSystems');
    expect(Object.keys(restEn)).toContain('registration');
    expect(Object.keys(restEn)).not.toContain('shell');
  });

  it('loses no text: the two parts together are the whole catalog, in each language', () => {
    expect({ ...firstEn, ...restEn }).toEqual(en);
    expect({ ...firstSp, ...restSp }).toEqual(sp);
  });

  it('switches language in place with every text of the new language at once', async () => {
    await switchLanguage('sp');
    expect(i18n.t('shell.language')).toBe('Idioma');
    expect(i18n.t('routeError.title')).toBe('Algo salió mal');
    expect(i18n.t('healthSystems.nameRequired')).toBe('El nombre es obligatorio');
    await switchLanguage('en');
    expect(i18n.t('healthSystems.nameRequired')).toBe('Name is required');
  });

  it('says counts in the plural forms of each language', async () => {
    const say = (key: string) => [0, 1, 2, 5].map((count) => i18n.t(key, { count }));
    expect(say('verification.records.count')).toEqual(['0 records', '1 record', '2 records', '5 records']);
    expect(say('registration.password.upperCase')).toEqual([
      'At least 0 capital letters (A–Z)',
      'At least 1 capital letter (A–Z)',
      'At least 2 capital letters (A–Z)',
      'At least 5 capital letters (A–Z)',
    ]);
    expect(say('verification.bulk.leftOut')).toEqual([
      'no User IDs left out',
      '1 User ID left out',
      '2 User IDs left out',
      '5 User IDs left out',
    ]);
    await switchLanguage('sp');
    expect(say('verification.records.count')).toEqual(['0 registros', '1 registro', '2 registros', '5 registros']);
    expect(say('registration.password.upperCase')).toEqual([
      'Al menos 0 letras mayúsculas (A–Z)',
      'Al menos 1 letra mayúscula (A–Z)',
      'Al menos 2 letras mayúsculas (A–Z)',
      'Al menos 5 letras mayúsculas (A–Z)',
    ]);
    expect(say('verification.bulk.leftOut')).toEqual([
      'no se omitió ningún ID de usuario',
      'se omitió 1 ID de usuario',
      'se omitieron 2 ID de usuario',
      'se omitieron 5 ID de usuario',
    ]);
    await switchLanguage('en');
  });
});
