import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, serverFieldErrors } from './server-errors';

describe('server field errors', () => {
  it('reads the [{ errorField, message }] list of a refusal and nothing else', () => {
    const refusal = new ApiError('Invalid request', 400, [
      { errorField: 'reminders.2.days', message: 'Please enter a valid day' },
      { errorField: 3, message: 'not a field' },
    ]);
    expect(serverFieldErrors(refusal)).toEqual([
      { errorField: 'reminders.2.days', message: 'Please enter a valid day' },
    ]);
    expect(serverFieldErrors(new Error('offline'))).toEqual([]);
  });

  it('puts a row’s error under that row’s field, focuses the first one placed, and returns what has no field', () => {
    const setError = vi.fn();
    const unplaced = applyServerErrors(
      [
        { errorField: 'reminders.x.days', message: 'not a row' },
        { errorField: 'reminders.2.days', message: 'Day 7 is already in the list' },
        { errorField: 'reminders', message: 'At most 365 reminders' },
        { errorField: 'otpLength', message: 'Between 4 and 8' },
      ],
      ['reminders.*.days', 'otpLength'],
      setError,
    );
    expect(setError.mock.calls).toEqual([
      ['reminders.2.days', { type: 'server', message: 'Day 7 is already in the list' }, { shouldFocus: true }],
      ['otpLength', { type: 'server', message: 'Between 4 and 8' }, { shouldFocus: false }],
    ]);
    expect(unplaced.map((e) => e.errorField)).toEqual(['reminders.x.days', 'reminders']);
  });
});
