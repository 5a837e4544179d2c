import { z } from 'zod';
import { envelope } from '../api/envelope';

/** `GET /downtime`: the downtime banner settings plus whether it shows now (spec section 3). */
export const ZDowntime = z.object({
  enableDowntime: z.boolean(),
  message: z.object({ en: z.string(), sp: z.string() }),
  effectiveStartDate: z.string().nullable(),
  effectiveEndDate: z.string().nullable(),
  reminderDaysInAdvance: z.number().int(),
  inDowntime: z.boolean(),
  show: z.boolean(),
});
export type TDowntime = z.infer<typeof ZDowntime>;
export const ZDowntimeReply = envelope(ZDowntime);
