import type { Language } from '@portal/shared/constants';
import type { StaffRole } from '@portal/shared/staff/roles';
import type { MailContent } from './render';
import { translateMail } from './render';

export interface StaffInvitationValues {
  firstName: string;
  role: StaffRole;
  /** The portal's invitation page, the one-use token in its fragment. */
  link: string;
  /** Whole days the link works. */
  days: number;
}

/** Invites a new staff member to choose a password; sent again, with a new link, on a resend or a reactivation. */
export function staffInvitationMail(language: Language, values: StaffInvitationValues): MailContent {
  const t = (key: string, v?: Record<string, string | number>) => translateMail(language, `staffInvitation.${key}`, v);
  return {
    subject: t('subject'),
    greeting: t('greeting', { name: values.firstName }),
    before: [t('intro', { role: translateMail(language, `staffRoles.${values.role}`) }), t('action')],
    action: { label: t('button'), url: values.link },
    after: [t('expiry', { count: values.days }), t('ignore')],
  };
}
