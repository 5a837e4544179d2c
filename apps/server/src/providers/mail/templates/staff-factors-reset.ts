import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

export interface StaffFactorsResetValues {
  firstName: string;
  /** The portal's sign-in page. */
  link: string;
}

/** Tells a staff member that an administrator reset their second factors, and what happens at their next sign-in. */
export function staffFactorsResetMail(language: Language, values: StaffFactorsResetValues): MailContent {
  const t = (key: string, v?: Record<string, string | number>) =>
    translateMail(language, `staffFactorsReset.${key}`, v);
  return {
    subject: t('subject'),
    greeting: t('greeting', { name: values.firstName }),
    before: [t('intro'), t('action')],
    action: { label: t('button'), url: values.link },
    after: [t('unexpected')],
  };
}
