import type { Language } from './fixtures';

/**
 * The participants e2e/backdated-registrations.ts registers a day before the portal starts, who never
 * activated their accounts: activation-reminder.spec.ts follows their reminder e-mails.
 */
export const REMINDER_PASSWORD = 'Kidney#2026';

export const REMINDER_PARTICIPANTS: Record<Language, { email: string; firstName: string; lastName: string }> = {
  en: { email: 'reminder.en@example.org', firstName: 'Rose', lastName: 'Walker' },
  sp: { email: 'reminder.sp@example.org', firstName: 'Lucía', lastName: 'Ramírez' },
};
