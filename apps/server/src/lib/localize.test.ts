import { describe, expect, it } from 'vitest';
import { translate } from './localize';

describe('translate', () => {
  it('reads the catalog of the language and fills placeholders', () => {
    expect(translate('en', 'footer.extension', { extension: '100' })).toBe('ext. 100');
    expect(translate('sp', 'nav.home')).not.toBe(translate('en', 'nav.home'));
  });

  it('answers the key itself for an unknown key rather than failing', () => {
    expect(translate('sp', 'no.such.key')).toBe('no.such.key');
  });
});
