import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

export interface ActivationMailValues {
  firstName: string;
  link: string;
  /** MM/DD/YYYY */
  expiresOn: string;
}

/**
 * The account-activation e-mail, sent on registration and on every resend; `activationReminder` is its reminder
 * (on the configured days after registration), with a fresh link too.
 */
export function activationMail(
  language: Language,
  values: ActivationMailValues,
  section: 'activation' | 'activationReminder' = 'activation',
): MailContent {
  const t = (key: string, v?: Record<string, string>) => translateMail(language, `${section}.${key}`, v);
  return {
    subject: t('subject'),
    greeting: t('greeting', { name: values.firstName }),
    before: [t('intro'), t('action')],
    action: { label: t('button'), url: values.link },
    after: [t('expiry', { date: values.expiresOn }), t('ignore')],
  };
}
