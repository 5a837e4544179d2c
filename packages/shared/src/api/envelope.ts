import { z } from 'zod';

/** Every JSON reply: `{ status, message?, data? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.boolean(),
    message: z.string().optional(),
    data: data.optional(),
  });
}

export const ZErrorReply = z.object({
  status: z.literal(false),
  message: z.string(),
  data: z.unknown().optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;

/** A server field error, as the `data: [{ errorField, message }]` lists of refusals carry them. */
export const ZFieldError = z.object({ errorField: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;
