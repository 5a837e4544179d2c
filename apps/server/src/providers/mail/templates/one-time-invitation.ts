import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

export interface OneTimeInvitationValues {
  firstName: string;
  /** The survey's name in the participant's language. */
  survey: string;
  /** MM/DD/YYYY: the first and last day the survey can be answered. */
  opensOn: string;
  closesOn: string;
  /** The portal's Surveys page. */
  link: string;
}

/** Invites a participant to a one-time survey on its send date. */
export function oneTimeInvitationMail(language: Language, values: OneTimeInvitationValues): MailContent {
  const t = (key: string, v?: Record<string, string>) => translateMail(language, `oneTimeInvitation.${key}`, v);
  return {
    subject: t('subject', { survey: values.survey }),
    greeting: t('greeting', { name: values.firstName }),
    before: [
      t('intro', { survey: values.survey }),
      t('window', { start: values.opensOn, end: values.closesOn }),
      t('action'),
    ],
    action: { label: t('button'), url: values.link },
    after: [t('thanks'), t('optOut')],
  };
}
