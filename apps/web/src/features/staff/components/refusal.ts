import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { serverMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { accessField } from './StaffAccessFields';

/**
 * Puts each of the server's field refusals under its field; answers what the form's alert says instead: a
 * refusal of no field of the form, or the server's message when it named no field (undefined when all were placed).
 */
export function placeRefusal<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | undefined {
  const refusals = serverFieldErrors(error).map((e) => ({ ...e, errorField: accessField(e.errorField) }));
  const unplaced = applyServerErrors(refusals, fields, setError);
  if (refusals.length === 0) return serverMessage(error) ?? fallback;
  return unplaced[0]?.message;
}
