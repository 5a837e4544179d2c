import { describe, expect, it } from 'vitest';
import { describeChange, type ChangeWords } from './change-values';

const LABELS: Record<string, string> = { otpLength: 'OTP length', 'message.en': 'Message (English)' };
const words: ChangeWords = {
  none: 'None',
  yes: 'Yes',
  no: 'No',
  days: (list) => `Days: ${list}`,
  field: (path) => LABELS[path] ?? path,
  order: ['message.en', 'otpLength', 'effectiveStartDate'],
  timeZone: 'UTC',
};

describe('describeChange', () => {
  it('tells a reminder list by its days, however the rows are stored', () => {
    const before = [
      { id: 'a', days: 1 },
      { id: 'b', days: 7 },
    ];
    expect(describeChange(before, [{ days: 1 }, { days: 14 }], words)).toEqual({
      before: ['Days: 1, 7'],
      after: ['Days: 1, 14'],
    });
    expect(describeChange({ reminders: [{ days: 30 }] }, { reminders: [] }, words)).toEqual({
      before: ['Days: 30'],
      after: ['None'],
    });
    expect(describeChange(null, [3, 9], words)).toEqual({ before: ['None'], after: ['Days: 3, 9'] });
  });

  it('tells an object by the fields that changed only, each as “field: value”', () => {
    const before = { otpLength: 6, minLength: 8, otpEnabledForPatient: true };
    const after = { otpLength: 8, minLength: 8, otpEnabledForPatient: false };
    expect(describeChange(before, after, words)).toEqual({
      before: ['OTP length: 6', 'otpEnabledForPatient: Yes'],
      after: ['OTP length: 8', 'otpEnabledForPatient: No'],
    });
  });

  it('reaches into nested fields and writes moments as MM/DD/YYYY hh:mm AM/PM', () => {
    const before = {
      message: { en: 'Down on Sunday', sp: 'Fuera de servicio el domingo' },
      effectiveStartDate: null,
    };
    const after = {
      message: { en: 'Down on Monday', sp: 'Fuera de servicio el domingo' },
      effectiveStartDate: '2026-05-04T14:00:00.000Z',
    };
    expect(describeChange(before, after, words)).toEqual({
      before: ['Message (English): Down on Sunday', 'effectiveStartDate: None'],
      after: ['Message (English): Down on Monday', 'effectiveStartDate: 05/04/2026 02:00 PM'],
    });
  });

  it('lists the fields in the editor’s order, however the stored value orders them, the unlisted last', () => {
    const before = { minLength: 8, effectiveStartDate: null, otpLength: 6, message: { en: 'Sunday' } };
    const after = { minLength: 9, effectiveStartDate: null, otpLength: 8, message: { en: 'Monday' } };
    expect(describeChange(before, after, words)).toEqual({
      before: ['Message (English): Sunday', 'OTP length: 6', 'minLength: 8'],
      after: ['Message (English): Monday', 'OTP length: 8', 'minLength: 9'],
    });
  });

  it('tells a first value in full, and a single value as itself', () => {
    expect(describeChange(undefined, { otpLength: 6, minLength: 8 }, words)).toEqual({
      before: ['None'],
      after: ['OTP length: 6', 'minLength: 8'],
    });
    expect(describeChange(90, 120, words)).toEqual({ before: ['90'], after: ['120'] });
  });
});
