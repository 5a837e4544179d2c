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
});
