import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { LoginErrorCode } from '@portal/shared/auth/token-pair';
import { ApiError } from './api-client';

export interface ServerFieldError {
  errorField: string;
  message: string;
}

/** The `[{ errorField, message }]` list of a failed call, or none. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return [];
  return error.data.filter(
    (e): e is ServerFieldError => typeof e?.errorField === 'string' && typeof e?.message === 'string',
  );
}

/** Whether a server path names a listed field; `*` in the list stands for a row index (`reminders.*.days`). */
function namesField(fields: readonly string[], path: string): boolean {
  const parts = path.split('.');
  return fields.some((field) => {
    const pattern = field.split('.');
    return (
      pattern.length === parts.length &&
      pattern.every((part, i) => part === parts[i] || (part === '*' && /^\d+$/.test(parts[i]!)))
    );
  });
}

/**
 * Puts each server error on its field when the form has it (rows of a field array as `reminders.2.days`,
 * listed as `reminders.*.days`); returns the ones it could not place, for the form's own alert.
 */
export function applyServerErrors<T extends FieldValues>(
  errors: ServerFieldError[],
  fields: readonly string[],
  setError: UseFormSetError<T>,
): ServerFieldError[] {
  const unplaced: ServerFieldError[] = [];
  let placed = 0;
  for (const e of errors) {
    if (namesField(fields, e.errorField)) {
      // The first field refused takes the focus, so the reader lands on it.
      setError(e.errorField as Path<T>, { type: 'server', message: e.message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else unplaced.push(e);
  }
  return unplaced;
}

/** The code of a refused login or sign-in step (such as SYSTEM_DOWN or LOGIN_OTP_EXPIRED), if the server gave one. */
export function loginErrorCode(error: unknown): LoginErrorCode | undefined {
  return error instanceof ApiError ? (error.data as { errorCode?: LoginErrorCode } | undefined)?.errorCode : undefined;
}
