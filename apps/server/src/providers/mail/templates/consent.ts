import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

const translator = (language: Language) => (key: string, values?: Record<string, string>) =>
  translateMail(language, key, values);

/** Sent with the signed copy attached. */
export function consentSignedMail(language: Language, values: { firstName: string; date: string }): MailContent {
  const t = translator(language);
  return {
    subject: t('consentSigned.subject'),
    greeting: t('consentSigned.greeting', { name: values.firstName }),
    before: [t('consentSigned.intro', { date: values.date }), t('consentSigned.attached')],
    after: [t('consentSigned.withdraw')],
  };
}

/** The one e-mail a withdrawn participant still gets. */
export function withdrawnMail(language: Language, values: { firstName: string; date: string }): MailContent {
  const t = translator(language);
  return {
    subject: t('withdrawn.subject'),
    greeting: t('withdrawn.greeting', { name: values.firstName }),
    before: [t('withdrawn.intro', { date: values.date }), t('withdrawn.effects')],
    after: [t('withdrawn.rejoin'), t('withdrawn.notYou')],
  };
}
