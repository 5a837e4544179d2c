import { describe, expect, it } from 'vitest';
import { checkboxCode, choiceCodes, uniqueNames } from './names';

describe('REDCap names', () => {
  it('are the portal code in lower case, other characters as one underscore, starting with a letter', () => {
    const name = uniqueNames(26);
    expect(['general-health', 'Daily-Life.Walking', '2nd-visit', 'symptoms-Comment', '--'].map(name)).toEqual([
      'general_health',
      'daily_life_walking',
      'q_2nd_visit',
      'symptoms_comment',
      'q',
    ]);
  });

  it('are cut to the length given, and a name taken gets the first free suffix within it', () => {
    const name = uniqueNames(26, ['record_id']);
    expect(
      [
        'record-id',
        'how-many-hours-did-you-sleep-last-night',
        'how-many-hours-did-you-sleep-last-week',
        'how-many-hours-did-you-sleep-ever',
        'sleep',
        'sleep',
        'sleep_2',
      ].map(name),
    ).toEqual([
      'record_id_2',
      'how_many_hours_did_you_sle',
      'how_many_hours_did_you_s_2',
      'how_many_hours_did_you_s_3',
      'sleep',
      'sleep_2',
      'sleep_2_2',
    ]);
  });
});

describe('REDCap choice codes', () => {
  it('keep the portal’s codes REDCap takes, and put an underscore for each character it refuses', () => {
    expect(choiceCodes(['very-good', '1', '-1', '2.5', 'Short-Of-Breath', 'my clinic', 'a,b'], false)).toEqual([
      'very-good',
      '1',
      '-1',
      '2.5',
      'Short-Of-Breath',
      'my_clinic',
      'a_b',
    ]);
  });

  it('are unique in a field, for a checkbox in their column names too', () => {
    expect(choiceCodes(['a b', 'a_b', 'a-b'], false)).toEqual(['a_b', 'a_b_2', 'a-b']);
    expect(choiceCodes(['a-b', 'a_b', 'A.B'], true)).toEqual(['a-b', 'a_b_2', 'A.B_3']);
  });

  it('are written in a checkbox column name as REDCap does', () => {
    expect(['Short-Of-Breath', '-1', '2.5', 'b_2'].map(checkboxCode)).toEqual(['short_of_breath', '_1', '2_5', 'b_2']);
  });
});
