import { z } from 'zod';

export const ZHealthReply = z.object({ status: z.literal(true) });
export type THealthReply = z.infer<typeof ZHealthReply>;

/** Readiness: the database answered, and whether this process runs the scheduled jobs (started). */
export const ZReadyReply = z.object({ status: z.literal(true), data: z.object({ scheduler: z.boolean() }) });
export type TReadyReply = z.infer<typeof ZReadyReply>;
