import { z } from 'zod';

export const ZHealthReply = z.object({ status: z.literal(true) });
export type THealthReply = z.infer<typeof ZHealthReply>;
