import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

const loaded = () => {
  const translator = createTranslator('en', async (language) => {
    translator.addTexts(
      language,
      language === 'en'
        ? { shell: { language: 'Language', greeting: 'Hello, {{name}}! {{ count }} new' }, empty: '' }
        : { shell: { language: 'Idioma', greeting: '¡Hola, {{name}}! {{ count }} nuevos' }, empty: '' },
    );
  });
  return translator;
};

describe('the translator', () => {
  it('finds a text by its dotted path and fills its places', async () => {
    const translator = loaded();
    await translator.changeLanguage('en');
    expect(translator.t('shell.language')).toBe('Language');
    expect(translator.t('shell.greeting', { name: 'Ana', count: 3 })).toBe('Hello, Ana! 3 new');
    expect(translator.t('empty')).toBe('');
  });

  it('leaves a place without a value as written, and gives the default or the key when there is no text', async () => {
    const translator = loaded();
    await translator.changeLanguage('en');
    expect(translator.t('shell.greeting', { name: 'Ana' })).toBe('Hello, Ana! {{ count }} new');
    expect(translator.t('Invalid input: expected string', { defaultValue: 'Invalid input: expected string' })).toBe(
      'Invalid input: expected string',
    );
    expect(translator.t('shell.missing')).toBe('shell.missing');
    expect(translator.t('shell')).toBe('shell'); // a group of texts is not a text
  });

  it('loads a language before showing it, and tells its listeners', async () => {
    const translator = loaded();
    await translator.changeLanguage('en');
    const listener = vi.fn();
    const stop = translator.subscribe(listener);
    const before = translator.getSnapshot();
    await translator.changeLanguage('sp');
    expect(translator.language).toBe('sp');
    expect(translator.t('shell.language')).toBe('Idioma');
    expect(listener).toHaveBeenCalled();
    const after = translator.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.t).not.toBe(before.t); // what was worked out with the old language is worked out again
    expect(translator.getSnapshot()).toBe(after); // unchanged until the next change
    expect(before.t('shell.language')).toBe('Language');
    stop();
  });

  it('shows the same texts in another language without changing its own', async () => {
    const translator = loaded();
    await translator.changeLanguage('sp');
    await translator.changeLanguage('en');
    const spanish = translator.inLanguage('sp');
    expect(spanish.getSnapshot().t('shell.language')).toBe('Idioma');
    expect(translator.t('shell.language')).toBe('Language');
  });

  it('merges a later part of a language into what it has', async () => {
    const translator = loaded();
    await translator.changeLanguage('en');
    translator.addTexts('en', { registration: { title: 'Join the study' } });
    expect(translator.t('registration.title')).toBe('Join the study');
    expect(translator.t('shell.language')).toBe('Language');
    expect(translator.hasTexts('sp')).toBe(false);
  });

  it('picks the plural form of a numeric count: one for 1, other for 0, 2 and 5, zero where the text has it', () => {
    const translator = createTranslator('en', async () => {});
    translator.addTexts('en', {
      records: { count_one: '{{count}} record', count_other: '{{count}} records' },
      leftOut: { count_zero: 'none left out', count_one: '{{count}} left out', count_other: '{{count}} left out' },
    });
    translator.addTexts('sp', {
      records: { count_one: '{{count}} registro', count_other: '{{count}} registros' },
      leftOut: {
        count_zero: 'no se omitió ninguno',
        count_one: 'se omitió {{count}}',
        count_other: 'se omitieron {{count}}',
      },
    });
    const t = translator.t;
    const spanish = translator.inLanguage('sp').getSnapshot().t;
    expect([0, 1, 2, 5].map((count) => t('records.count', { count }))).toEqual([
      '0 records',
      '1 record',
      '2 records',
      '5 records',
    ]);
    expect([0, 1, 2, 5].map((count) => spanish('records.count', { count }))).toEqual([
      '0 registros',
      '1 registro',
      '2 registros',
      '5 registros',
    ]);
    expect([0, 1, 2, 5].map((count) => t('leftOut.count', { count }))).toEqual([
      'none left out',
      '1 left out',
      '2 left out',
      '5 left out',
    ]);
    expect([0, 1, 2, 5].map((count) => spanish('leftOut.count', { count }))).toEqual([
      'no se omitió ninguno',
      'se omitió 1',
      'se omitieron 2',
      'se omitieron 5',
    ]);
    expect(t('records.count')).toBe('records.count'); // without a count there is no form to pick
  });
});
