import { ZContactSettings, type TClientConfig } from '@portal/shared/client-config';
import type { Database } from '../../db/client';
import { DEFAULT_CONTACT } from '../../db/seed-data';
import { ttlCache } from '../../lib/ttl-cache';
import type { Clock } from '../../providers/clock/clock';
import { describeDowntime } from './downtime';
import { findAppSetting, findDowntimeSettings, findInactiveSessionTimeout } from './repository';

const SETTINGS_TTL_MS = 5_000;

export function createSettingsService({
  db,
  clock,
  payloadKey,
  captchaEnabled,
}: {
  db: Database;
  clock: Clock;
  payloadKey: string;
  captchaEnabled: boolean;
}) {
  const downtimeRow = ttlCache(() => findDowntimeSettings(db), SETTINGS_TTL_MS, clock);
  const contact = ttlCache(
    async () => {
      const parsed = ZContactSettings.safeParse(await findAppSetting(db, 'contact'));
      return parsed.success ? parsed.data : DEFAULT_CONTACT;
    },
    SETTINGS_TTL_MS,
    clock,
  );
  const idleTimeout = ttlCache(() => findInactiveSessionTimeout(db), SETTINGS_TTL_MS, clock);

  return {
    async getDowntime() {
      return describeDowntime(await downtimeRow.get(), clock.now());
    },
    async getClientConfig(): Promise<TClientConfig> {
      const [contactSettings, inactiveSessionTimeoutInMin] = await Promise.all([contact.get(), idleTimeout.get()]);
      return { payloadKey, captchaEnabled, contact: contactSettings, inactiveSessionTimeoutInMin };
    },
    invalidate() {
      downtimeRow.invalidate();
      contact.invalidate();
      idleTimeout.invalidate();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
