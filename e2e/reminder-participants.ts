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

/**
 * Participants e2e/backdated-registrations.ts registers and activates a day before the portal starts, who have not
 * signed the consent: with a consent reminder on day 1 after activation, each gets one today, whose unsubscribe
 * link mail-unsubscribe.spec.ts follows.
 */
/**
 * Participants registered and activated a day before the portal starts, like the unsubscribe journey's, who have
 * not signed the consent: their consent reminder on day 1 is the message inbox.spec.ts reads in Messages.
 */
export const INBOX_PARTICIPANTS: Record<Language, { email: string; firstName: string; lastName: string }> = {
  en: { email: 'inbox.en@example.org', firstName: 'Alice', lastName: 'Moreno' },
  sp: { email: 'inbox.sp@example.org', firstName: 'Carmen', lastName: 'Ortiz' },
};

export const UNSUBSCRIBE_PARTICIPANTS: Record<Language, { email: string; firstName: string; lastName: string }> = {
  en: { email: 'unsubscribe.en@example.org', firstName: 'Grace', lastName: 'Hopkins' },
  sp: { email: 'unsubscribe.sp@example.org', firstName: 'Marta', lastName: 'Delgado' },
};
