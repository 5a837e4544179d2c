// zod/mini, so the web app's first render (its start-up calls use `envelope`) needs no full zod; a full-zod
// schema is as welcome inside it as a mini one.
import * as z from 'zod/mini';

/** Every JSON reply: `{ status, message?, data? }`. */
export function envelope<T extends z.core.SomeType>(data: T) {
  return z.object({
    status: z.boolean(),
    message: z.optional(z.string()),
    data: z.optional(data),
  });
}

export const ZErrorReply = z.object({
  status: z.literal(false),
  message: z.string(),
  data: z.optional(z.unknown()),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;

/** A server field error, as the `data: [{ errorField, message }]` lists of refusals carry them. */
export const ZFieldError = z.object({ errorField: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;
