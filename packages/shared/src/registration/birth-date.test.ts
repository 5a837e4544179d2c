import { describe, expect, it } from 'vitest';
import { ageOn, birthDateProblem } from './birth-date';

describe('dates of birth', () => {
  it('counts full years, turning 18 on the birthday itself', () => {
    expect(ageOn('2008-03-01', '2026-02-28')).toBe(17);
    expect(ageOn('2008-03-01', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('names what is wrong: required, invalid, future, under 18', () => {
    const today = '2026-03-01';
    expect(birthDateProblem('', today)).toBe('required');
    expect(birthDateProblem('31/12/1990', today)).toBe('invalid');
    expect(birthDateProblem('12/31/1899', today)).toBe('invalid');
    expect(birthDateProblem('03/02/2026', today)).toBe('future');
    expect(birthDateProblem('03/02/2008', today)).toBe('underage');
    expect(birthDateProblem('03/01/2008', today)).toBeNull();
    expect(birthDateProblem(' 01/01/1900 ', today)).toBeNull();
  });
});
