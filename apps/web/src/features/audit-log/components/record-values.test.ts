import { describe, expect, it } from 'vitest';
import { recordValues, valueText } from './record-values';

describe('a record’s values', () => {
  it('reads a setting’s before and after field by field, keeping only the fields that changed', () => {
    expect(
      recordValues('setting.changed', {
        setting: 'security-policy',
        before: { failedAttemptLimit: 5, otpExpiryInMin: 10 },
        after: { failedAttemptLimit: 3, otpExpiryInMin: 10 },
      }),
    ).toEqual({
      changes: [{ field: 'failedAttemptLimit', old: 5, new: 3 }],
      others: [{ field: 'setting', value: 'security-policy' }],
    });
  });

  it('reads a plain before and after, the survey period’s from and to, and a changes list', () => {
    expect(recordValues('x.changed', { before: 'a', after: 'b' }).changes).toEqual([
      { field: 'value', old: 'a', new: 'b' },
    ]);
    expect(recordValues('survey-period.updated', { from: 90, to: 120 })).toEqual({
      changes: [{ field: 'value', old: 90, new: 120 }],
      others: [],
    });
    expect(
      recordValues('x.changed', { changes: [{ field: 'name', from: 'North', to: 'North Health' }], revision: 4 }),
    ).toEqual({
      changes: [{ field: 'name', old: 'North', new: 'North Health' }],
      others: [{ field: 'revision', value: 4 }],
    });
    expect(recordValues('x.changed', { changes: { isActive: { before: true, after: false } } }).changes).toEqual([
      { field: 'isActive', old: true, new: false },
    ]);
  });

  it('says when only the new value was kept, and lists other details as they are', () => {
    expect(recordValues('x.changed', { after: { emailSubscription: false } }).changes).toEqual([
      { field: 'value', old: undefined, new: { emailSubscription: false } },
    ]);
    expect(recordValues('auditLog.exported', { from: '2031-05-01', to: '2031-05-06', rowCount: 4 })).toEqual({
      changes: [],
      others: [
        { field: 'rowCount', value: 4 },
        { field: 'from', value: '2031-05-01' },
        { field: 'to', value: '2031-05-06' },
      ],
    });
    expect([valueText('North'), valueText(3), valueText(null), valueText(undefined)]).toEqual([
      'North',
      '3',
      'null',
      undefined,
    ]);
  });
});
