// zod/mini: part of the downtime settings the web app reads at start-up (see ../api/envelope.ts).
import * as z from 'zod/mini';

/**
 * What an editor saw when it opened: the server's fingerprint of the stored value. A save that carries an
 * older one is refused as stale, so one administrator never silently overwrites another's change.
 * Optional in requests, so scripts written before it keep working (they then overwrite, as before).
 */
export const ZSettingVersion = z.string().check(z.maxLength(128));

export const SETTINGS_MESSAGES = {
  stale: 'error.settings.stale',
} as const;
