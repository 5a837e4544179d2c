/**
 * Every e-mail the portal sends belongs to one category. `account` (activation, sign-in codes, password, consent
 * copies, staff mail) is always sent; a participant may leave each of the others on its own, in Account Settings
 * or from the link every such e-mail carries, without withdrawing from the study.
 */
export const MAIL_CATEGORIES = ['account', 'reminders', 'invitations', 'news'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];

/** The categories a participant may leave one by one. */
export const LEAVABLE_MAIL_CATEGORIES = ['reminders', 'invitations', 'news'] as const;
export type LeavableMailCategory = (typeof LEAVABLE_MAIL_CATEGORIES)[number];

export const isLeavableCategory = (value: unknown): value is LeavableMailCategory =>
  typeof value === 'string' && (LEAVABLE_MAIL_CATEGORIES as readonly string[]).includes(value);
