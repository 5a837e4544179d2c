import { describe, expect, it } from 'vitest';
import { translate } from './localize';

describe('translate', () => {
  it('reads the catalog of the language and fills placeholders', () => {
    expect(translate('en', 'footer.extension', { extension: '100' })).toBe('ext. 100');
    expect(translate('sp', 'nav.home')).not.toBe(translate('en', 'nav.home'));
  });

  it('says a count in the plural form of each language', () => {
    const say = (language: 'en' | 'sp') =>
      [0, 1, 2, 5].map((count) => translate(language, 'error.password.tooSoon', { count }));
    expect(say('en')).toEqual([
      'You can not change password before 0 hours.',
      'You can not change password before 1 hour.',
      'You can not change password before 2 hours.',
      'You can not change password before 5 hours.',
    ]);
    expect(say('sp')).toEqual([
      'No puede cambiar la contraseña antes de 0 horas.',
      'No puede cambiar la contraseña antes de 1 hora.',
      'No puede cambiar la contraseña antes de 2 horas.',
      'No puede cambiar la contraseña antes de 5 horas.',
    ]);
  });

  it('answers the key itself for an unknown key rather than failing', () => {
    expect(translate('sp', 'no.such.key')).toBe('no.such.key');
  });
});
