import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

export interface ActivationMailValues {
  firstName: string;
  link: string;
  /** MM/DD/YYYY */
  expiresOn: string;
}

/** The account-activation e-mail, sent on registration and on every resend. */
export function activationMail(language: Language, values: ActivationMailValues): MailContent {
  const t = (key: string, v?: Record<string, string>) => translateMail(language, key, v);
  return {
    subject: t('activation.subject'),
    greeting: t('activation.greeting', { name: values.firstName }),
    before: [t('activation.intro'), t('activation.action')],
    action: { label: t('activation.button'), url: values.link },
    after: [t('activation.expiry', { date: values.expiresOn }), t('activation.ignore')],
  };
}
