import { describe, expect, it } from 'vitest';
import { flattenCatalog, placeholdersOf } from '@portal/shared/i18n/flatten';
import en from './en.json';
import sp from './sp.json';

const flatEn = flattenCatalog(en);
const flatSp = flattenCatalog(sp);

describe('mail catalogs', () => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(flatSp).sort()).toEqual(Object.keys(flatEn).sort());
  });

  it('keep the same {{placeholders}} in both languages', () => {
    for (const [key, text] of Object.entries(flatEn)) {
      expect(placeholdersOf(flatSp[key]), key).toEqual(placeholdersOf(text));
    }
  });

  it('have no empty text', () => {
    for (const [key, text] of [...Object.entries(flatEn), ...Object.entries(flatSp)]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });
});
