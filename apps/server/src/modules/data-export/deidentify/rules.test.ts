import { describe, expect, it } from 'vitest';
import { DEIDENTIFICATION_RULES } from './rules';

describe('the de-identification rules for the README', () => {
  it('state each rule with its numbers', () => {
    const text = DEIDENTIFICATION_RULES.join('\n');
    expect(text).toContain('between -180 and 180');
    expect(text).toContain(
      'a year 90 or more years before the year of the export, which could show an age of 90 or older, appears as "90+"',
    );
    expect(text).toContain('20,000 people or fewer in the 2000 Census (036, 059, 063, 102, 203, 556, 692, 790, 821');
    expect(text).toContain('appear as "000"');
  });
});
