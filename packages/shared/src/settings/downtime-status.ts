// zod/mini: the web app's downtime banner reads this at start-up (see ../api/envelope.ts); the editor's rules,
// in full zod, are in ./downtime.ts, which also gives these.
import * as z from 'zod/mini';
import { envelope } from '../api/envelope';
import { ZSettingVersion } from './setting-version';
import { call } from '../api/call';

export const GET_DOWNTIME = call('GET', '/downtime');

/** `GET /downtime`: the downtime banner settings plus whether it shows now. */
export const ZDowntime = z.object({
  enableDowntime: z.boolean(),
  message: z.object({ en: z.string(), sp: z.string() }),
  effectiveStartDate: z.nullable(z.string()),
  effectiveEndDate: z.nullable(z.string()),
  reminderDaysInAdvance: z.int(),
  inDowntime: z.boolean(),
  show: z.boolean(),
  /** The stored settings' version, for the editor to send back when it saves. */
  version: z.optional(ZSettingVersion),
});
export type TDowntime = z.infer<typeof ZDowntime>;
export const ZDowntimeReply = envelope(ZDowntime);
