import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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

/** Puts each server error on its field when the form has it; returns the ones it could not place. */
export function applyServerErrors<T extends FieldValues>(
  errors: ServerFieldError[],
  fields: readonly string[],
  setError: UseFormSetError<T>,
): ServerFieldError[] {
  const unplaced: ServerFieldError[] = [];
  errors.forEach((e, index) => {
    if (fields.includes(e.errorField)) {
      setError(e.errorField as Path<T>, { type: 'server', message: e.message }, { shouldFocus: index === 0 });
    } else unplaced.push(e);
  });
  return unplaced;
}
