import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  const schema = z
    .object({
      email: z.string().min(1, 'error.required').email('error.email'),
      address: z.object({ zip: z.string().length(5, 'error.zip') }),
      from: z.number(),
      to: z.number(),
    })
    .refine((v) => v.from <= v.to, 'error.range');

  it('keeps the first message of each field, nested fields named by their dotted path', () => {
    const result = schema.safeParse({ email: '', address: { zip: '123' }, from: 1, to: 2 });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual([
      { errorField: 'email', message: 'error.required' },
      { errorField: 'address.zip', message: 'error.zip' },
    ]);
  });

  it('names a rule of the whole form `form`', () => {
    const result = schema.safeParse({ email: 'a@example.org', address: { zip: '12345' }, from: 3, to: 2 });
    expect(fieldErrors(result.error!)).toEqual([{ errorField: 'form', message: 'error.range' }]);
  });
});
