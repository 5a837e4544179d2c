import { describe, expect, it } from 'vitest';
import { pluralKey } from './plural';

const keys = new Set(['records_one', 'records_other', 'leftOut_zero', 'leftOut_one', 'leftOut_other', 'title']);
const has = (key: string) => keys.has(key);

describe('the plural form of a text', () => {
  it('follows the English rules: one for 1, other for 0, 2 and 5', () => {
    expect(pluralKey('en', 'records', 0, has)).toBe('records_other');
    expect(pluralKey('en', 'records', 1, has)).toBe('records_one');
    expect(pluralKey('en', 'records', 2, has)).toBe('records_other');
    expect(pluralKey('en', 'records', 5, has)).toBe('records_other');
  });

  it('follows the Spanish (es) rules: one for 1, other for 0, 2 and 5', () => {
    expect(pluralKey('sp', 'records', 0, has)).toBe('records_other');
    expect(pluralKey('sp', 'records', 1, has)).toBe('records_one');
    expect(pluralKey('sp', 'records', 2, has)).toBe('records_other');
    expect(pluralKey('sp', 'records', 5, has)).toBe('records_other');
  });

  it('says 0 with the zero form where the text has one', () => {
    expect(pluralKey('en', 'leftOut', 0, has)).toBe('leftOut_zero');
    expect(pluralKey('sp', 'leftOut', 0, has)).toBe('leftOut_zero');
    expect(pluralKey('sp', 'leftOut', 1, has)).toBe('leftOut_one');
  });

  it('reads a form the catalog does not write as other: Spanish whole millions', () => {
    expect(pluralKey('sp', 'records', 1_000_000, has)).toBe('records_other');
  });

  it('leaves a text without forms, or without a numeric count, as it is', () => {
    expect(pluralKey('en', 'title', 3, has)).toBe('title');
    expect(pluralKey('en', 'records', undefined, has)).toBe('records');
    expect(pluralKey('en', 'records', '2', has)).toBe('records');
  });
});
