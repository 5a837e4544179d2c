import { z } from 'zod';

export const ZLabelledOption = z.object({ label: z.string(), value: z.string() });
export type TLabelledOption = z.infer<typeof ZLabelledOption>;
