import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

/** The reset-password link of /forgot-password. */
export function passwordResetMail(
  language: Language,
  values: { firstName: string; link: string; minutes: number },
): MailContent {
  const t = (key: string, v?: Record<string, string | number>) => translateMail(language, key, v);
  return {
    subject: t('passwordReset.subject'),
    greeting: t('passwordReset.greeting', { name: values.firstName }),
    before: [t('passwordReset.intro')],
    action: { label: t('passwordReset.button'), url: values.link },
    after: [t('passwordReset.expiry', { count: values.minutes }), t('passwordReset.ignore')],
  };
}

/** Tells the owner of an account that its password changed, so a change they did not make is noticed. */
export function passwordChangedMail(
  language: Language,
  values: { firstName: string; keptThisSession?: boolean },
): MailContent {
  const t = (key: string, v?: Record<string, string>) => translateMail(language, key, v);
  return {
    subject: t('passwordChanged.subject'),
    greeting: t('passwordChanged.greeting', { name: values.firstName }),
    before: [
      t('passwordChanged.body'),
      t(values.keptThisSession ? 'passwordChanged.otherSignedOut' : 'passwordChanged.signedOut'),
    ],
    after: [t('passwordChanged.notYou')],
  };
}
