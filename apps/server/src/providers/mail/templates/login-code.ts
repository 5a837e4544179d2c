import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

/**
 * An e-mailed one-time code (security policy: `otpLength` digits, valid `otpExpiryInMin` minutes): the login
 * code, or the code asked before signing the consent.
 */
export function emailCodeMail(
  template: 'loginCode' | 'consentCode',
  language: Language,
  values: { firstName: string; code: string; minutes: number },
): MailContent {
  const t = (key: string, v?: Record<string, string | number>) => translateMail(language, `${template}.${key}`, v);
  return {
    subject: t('subject'),
    greeting: t('greeting', { name: values.firstName }),
    before: [t('intro')],
    code: values.code,
    after: [t('expiry', { count: values.minutes }), t('ignore')],
  };
}

/** The one-time code of a login. */
export const loginCodeMail = (language: Language, values: { firstName: string; code: string; minutes: number }) =>
  emailCodeMail('loginCode', language, values);
