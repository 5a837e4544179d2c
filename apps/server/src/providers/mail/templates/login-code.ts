import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

/** The one-time code of a login (security policy: `otpLength` digits, valid `otpExpiryInMin` minutes). */
export function loginCodeMail(
  language: Language,
  values: { firstName: string; code: string; minutes: number },
): MailContent {
  const t = (key: string, v?: Record<string, string>) => translateMail(language, key, v);
  return {
    subject: t('loginCode.subject'),
    greeting: t('loginCode.greeting', { name: values.firstName }),
    before: [t('loginCode.intro')],
    code: values.code,
    after: [t('loginCode.expiry', { minutes: String(values.minutes) }), t('loginCode.ignore')],
  };
}
