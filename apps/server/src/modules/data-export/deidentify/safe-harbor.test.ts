import { describe, expect, it } from 'vitest';
import { birthCategory, zip3 } from './safe-harbor';

const TODAY = '2026-11-28';

describe('Safe Harbor births', () => {
  it('keeps the year alone, and makes any year that could show an age of 90 or more this year one category 90+', () => {
    expect(birthCategory('1936-11-28', TODAY)).toBe('90+');
    expect(birthCategory('1930-01-01', TODAY)).toBe('90+');
    // Born late in 1936: 89 on the day, but 1936 alone could mean 90 in 2026.
    expect(birthCategory('1936-11-29', TODAY)).toBe('90+');
    expect(birthCategory('1937-01-01', TODAY)).toBe('1937');
    expect(birthCategory('1961-04-12', TODAY)).toBe('1961');
    expect(birthCategory(null, TODAY)).toBeNull();
  });
});

describe('Safe Harbor postal codes', () => {
  it('keeps the three-digit area of a US ZIP code, 000 for an area of 20,000 people or fewer', () => {
    expect(zip3('60601', 'USA')).toBe('606');
    expect(zip3('90210-1234', 'USA')).toBe('902');
    expect(zip3('03601', 'USA')).toBe('000');
    expect(zip3('89301', 'USA')).toBe('000');
    expect(zip3(' 00501 ', 'USA')).toBe('005');
  });

  it('leaves out a code of another country, of no country, or of another shape', () => {
    expect(zip3('K1A 0B1', 'CAN')).toBeNull();
    expect(zip3('10115', 'DEU')).toBeNull();
    expect(zip3('60601', null)).toBeNull();
    expect(zip3('6060', 'USA')).toBeNull();
    expect(zip3('606011234', 'USA')).toBeNull();
    expect(zip3('ABCDE', 'USA')).toBeNull();
    expect(zip3(null, 'USA')).toBeNull();
  });
});
