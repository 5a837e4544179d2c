import { SETTINGS_MESSAGES } from '@portal/shared/settings/setting-version';
import type { TSettingKey } from '@portal/shared/settings/setting-changes';
import { refused, type DataOutcome, type Refusal } from '../lib/outcome';
import { isStaleVersion, settingVersion } from '../lib/setting-version';
import { recordAudit } from './audit';
import type { Database } from './client';

/** What a setting's change runs on: the transaction that reads, writes and audits it. */
export type SettingTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The audit action of every change of a System Options setting. */
export const SETTING_CHANGED = 'setting.changed';

export interface SettingChange<T> {
  setting: TSettingKey;
  /** The version the editor opened, if it sent one in the request's body or query (else `who.ifMatch` counts). */
  version: string | undefined;
  /** Reads the stored value and holds it locked until the transaction ends. */
  lock(tx: SettingTransaction): Promise<T>;
  /** A refusal that depends on the stored value, checked before anything is written. */
  refuse?(before: T): Refusal | undefined;
  /** Writes the change; answers the value now stored. */
  write(tx: SettingTransaction, before: T): Promise<T>;
  who: { userId: string; ip: string; ifMatch?: string };
  at: Date;
}

/**
 * Changes a setting in one transaction: locks and reads it, refuses an editor opened on another version
 * (409, from the version in the request or its `If-Match` header), writes, and records the whole value before and after in the audit trail when it changed.
 */
export function changeSetting<T>(db: Database, change: SettingChange<T>): Promise<DataOutcome<T>> {
  return db.transaction(async (tx): Promise<DataOutcome<T>> => {
    const before = await change.lock(tx);
    if (isStaleVersion(change.version ?? change.who.ifMatch, before)) return refused(409, SETTINGS_MESSAGES.stale);
    const refusal = change.refuse?.(before);
    if (refusal) return refusal;
    const after = await change.write(tx, before);
    if (settingVersion(after) !== settingVersion(before)) {
      await recordAudit(tx, {
        at: change.at,
        action: SETTING_CHANGED,
        actorId: change.who.userId,
        details: { setting: change.setting, before, after },
        ip: change.who.ip,
      });
    }
    return { ok: true, data: after };
  });
}
