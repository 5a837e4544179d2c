import { DEFAULT_CONTACT, ZContactSettings, type TClientConfig } from '@portal/shared/client-config';
import { fieldErrors } from '@portal/shared/api/field-errors';
import { downtimeUpdateSchema, type TDowntime } from '@portal/shared/settings/downtime';
import { findAppSetting } from '../../db/app-settings';
import type { ChangeNotices } from '../../db/change-notices';
import type { Database } from '../../db/client';
import { findSecurityPolicy } from '../../db/security-policy';
import { changeSetting } from '../../db/setting-changes';
import { refused, type DataOutcome } from '../../lib/outcome';
import { settingVersion } from '../../lib/setting-version';
import { ttlCache } from '../../lib/ttl-cache';
import type { Clock } from '../../providers/clock/clock';
import { describeDowntime, downtimeValue } from './downtime';
import { createReminderScheduleService } from './reminders/service';
import { findDowntimeSettings, lockDowntimeSettings, updateDowntimeSettings } from './repository';
import type { SettingEditor } from '../../lib/setting-editor';
import { createSecurityPolicyService } from './security-policy/service';
import { createSettingChangesService } from './change-history/service';

const SETTINGS_TTL_MS = 5_000;
/** Announced when the downtime window changes; every process then reads its settings again. */
const SETTINGS_CHANGED = 'settings';

export function createSettingsService({
  db,
  clock,
  payloadKey,
  captchaEnabled,
  changes,
}: {
  db: Database;
  clock: Clock;
  payloadKey: string;
  captchaEnabled: boolean;
  changes: ChangeNotices;
}) {
  // Read on every sign-in and page load; a save announces the change, so every process reads it again at once
  // (within 5 s should the notice be lost).
  const downtimeRow = ttlCache(() => findDowntimeSettings(db), SETTINGS_TTL_MS, clock);
  const contact = ttlCache(
    async () => {
      const parsed = ZContactSettings.safeParse(await findAppSetting(db, 'contact'));
      return parsed.success ? parsed.data : DEFAULT_CONTACT;
    },
    SETTINGS_TTL_MS,
    clock,
  );

  const invalidate = () => {
    downtimeRow.invalidate();
    contact.invalidate();
  };
  changes.on(SETTINGS_CHANGED, invalidate);

  async function getDowntime(): Promise<TDowntime> {
    const row = await downtimeRow.get();
    return { ...describeDowntime(row, clock.now()), version: settingVersion(downtimeValue(row)) };
  }

  return {
    getDowntime,
    /** Whether the portal is down now: what every sign-in asks, without the editor's version of the settings. */
    inDowntime: async () => describeDowntime(await downtimeRow.get(), clock.now()).inDowntime,
    async getClientConfig(): Promise<TClientConfig> {
      const [contactSettings, policy] = await Promise.all([contact.get(), findSecurityPolicy(db)]);
      return {
        payloadKey,
        captchaEnabled,
        contact: contactSettings,
        inactiveSessionTimeoutInMin: policy.inactiveSessionTimeoutInMin,
      };
    },
    /**
     * `POST /downtime` (administrators): saves the window. The route checked the shape; the window is
     * checked here against the server's clock. Field problems carry catalog keys.
     */
    async saveDowntime(body: unknown, who: SettingEditor): Promise<DataOutcome<TDowntime>> {
      const now = clock.now();
      const parsed = downtimeUpdateSchema(now).safeParse(body);
      if (!parsed.success) return refused(400, 'error.invalidRequest', fieldErrors(parsed.error));
      const v = parsed.data;
      const values = {
        enableDowntime: v.enableDowntime,
        messageEn: v.message.en,
        messageSp: v.message.sp,
        effectiveStartDate: new Date(v.effectiveStartDate),
        effectiveEndDate: new Date(v.effectiveEndDate),
        reminderDaysInAdvance: v.reminderDaysInAdvance,
      };
      const saved = await changeSetting(db, {
        setting: 'downtime',
        version: v.version,
        lock: async (tx) => downtimeValue(await lockDowntimeSettings(tx)),
        write: async (tx) => {
          await updateDowntimeSettings(tx, values, now);
          return downtimeValue(values);
        },
        who,
        at: now,
      });
      await changes.announce(SETTINGS_CHANGED);
      return saved.ok ? { ok: true, data: await getDowntime() } : saved;
    },
    reminders: createReminderScheduleService({ db, clock }),
    securityPolicy: createSecurityPolicyService({ db, clock }),
    changes: createSettingChangesService({ db }),
    /** Drops this process's copies of the settings (after a test writes them straight to the database). */
    invalidate,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
