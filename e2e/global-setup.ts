import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addSoftPasskey, adminSignsInWithApp } from './accounts';
import { scheduleConsentReminderOnDayOne } from './consent-reminder-day';
import { ADMIN_PASSKEY_FILE } from './output-dir';
import { checkAgainstRfc6238 } from './totp';

/**
 * Once before the journeys, after the portal has started: the first administrator signs in with the password and
 * their app's code (each code works once per person, so parallel workers could not all do this), and adds a
 * passkey that keeps no counter, which every worker then signs them in with (accounts.ts, apiLogin). The passkey's
 * key is left in the output folder for the workers to read. Then the consent reminders get their day 1
 * (consent-reminder-day.ts).
 */
export default async function globalSetup() {
  checkAgainstRfc6238();
  const tokens = await adminSignsInWithApp();
  const { stored } = await addSoftPasskey(tokens);
  mkdirSync(path.dirname(ADMIN_PASSKEY_FILE), { recursive: true });
  writeFileSync(ADMIN_PASSKEY_FILE, JSON.stringify(stored), { mode: 0o600 });
  await scheduleConsentReminderOnDayOne(tokens);
}
