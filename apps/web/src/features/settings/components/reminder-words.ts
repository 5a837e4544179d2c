import type { TReminderType } from '@portal/shared/settings/reminders';

/** What each schedule's days count from: registration, account activation, or a survey round opening. */
export const REMINDER_WORDS: Record<TReminderType, { day: string; hint: string }> = {
  ACCOUNT_ACTIVATION: {
    day: 'reminderSchedule.afterRegistration.day',
    hint: 'reminderSchedule.afterRegistration.hint',
  },
  ICF: {
    day: 'reminderSchedule.afterActivation.day',
    hint: 'reminderSchedule.afterActivation.hint',
  },
  SURVEY: {
    day: 'reminderSchedule.afterRoundOpens.day',
    hint: 'reminderSchedule.afterRoundOpens.hint',
  },
};
