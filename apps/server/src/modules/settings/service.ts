import { DEFAULT_CONTACT, ZContactSettings, type TClientConfig } from '@portal/shared/client-config';
import type { Database } from '../../db/client';
import { ttlCache } from '../../lib/ttl-cache';
import type { Clock } from '../../providers/clock/clock';
import { describeDowntime } from './downtime';
import { downtimeUpdateSchema } from '@portal/shared/settings/downtime';
import { recordAudit } from '../../db/audit';
import type { TFieldError } from '@portal/shared/api/envelope';
import { fieldErrors } from '@portal/shared/registration/registration-form';
import { findAppSetting } from '../../db/app-settings';
import { findDowntimeSettings, findInactiveSessionTimeout, updateDowntimeSettings } from './repository';

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
    /**
     * `POST /downtime` (administrators): saves the window. The route checked the shape; the window is
     * checked here against the server's clock. Field problems carry catalog keys.
     */
    async saveDowntime(
      body: unknown,
      who: { userId: string; ip: string },
    ): Promise<{ ok: true } | { ok: false; errors: TFieldError[] }> {
      const now = clock.now();
      const parsed = downtimeUpdateSchema(now).safeParse(body);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const v = parsed.data;
      await updateDowntimeSettings(
        db,
        {
          enableDowntime: v.enableDowntime,
          messageEn: v.message.en,
          messageSp: v.message.sp,
          effectiveStartDate: new Date(v.effectiveStartDate),
          effectiveEndDate: new Date(v.effectiveEndDate),
          reminderDaysInAdvance: v.reminderDaysInAdvance,
        },
        now,
      );
      await recordAudit(db, {
        at: now,
        action: 'downtime.updated',
        actorId: who.userId,
        details: { enableDowntime: v.enableDowntime, start: v.effectiveStartDate, end: v.effectiveEndDate },
        ip: who.ip,
      });
      downtimeRow.invalidate();
      return { ok: true };
    },
    invalidate() {
      downtimeRow.invalidate();
      contact.invalidate();
      idleTimeout.invalidate();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
