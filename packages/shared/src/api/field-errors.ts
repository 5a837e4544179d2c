import type { z } from 'zod';
import type { TFieldError } from './envelope';

/** The first message per field, as the `[{ errorField, message }]` list of a refused request; a rule of the whole form is `form`. */
export function fieldErrors(error: z.ZodError): TFieldError[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'form';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([errorField, message]) => ({ errorField, message }));
}
