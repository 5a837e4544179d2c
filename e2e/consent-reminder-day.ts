import type { TokenPair } from './accounts';
import { adminCall } from './settings-editors';

interface Schedule {
  reminders: { id: string; days: number }[];
}

/**
 * Adds day 1 after activation to the consent reminders, for the whole run: the participants of
 * backdated-registrations.ts activated yesterday then get their consent reminder today, which the unsubscribe and
 * Messages journeys follow. Participants who activate during the run are not due before tomorrow.
 */
export async function scheduleConsentReminderOnDayOne(admin: TokenPair) {
  const path = '/settings/reminder?type=ICF';
  const days = (await adminCall<Schedule>(admin, 'GET', path)).reminders.map((r) => r.days);
  if (days.includes(1)) return;
  await adminCall(admin, 'POST', path, { reminders: [...days, 1].map((d) => ({ days: d })) });
}
