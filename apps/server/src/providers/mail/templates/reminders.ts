import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

const translator = (language: Language, section: string) => (key: string, values?: Record<string, string>) =>
  translateMail(language, `${section}.${key}`, values);

export interface ConsentReminderValues {
  firstName: string;
  /** the portal's login page URL */
  link: string;
  /** Whether the participant signed an earlier version and is asked to sign the updated form. */
  updatedForm?: boolean;
}

/** Reminds an active participant that the informed consent form (or its updated version) is still unsigned. */
export function consentReminderMail(language: Language, values: ConsentReminderValues): MailContent {
  const t = translator(language, 'consentReminder');
  return {
    subject: t(values.updatedForm ? 'updatedSubject' : 'subject'),
    greeting: t('greeting', { name: values.firstName }),
    before: values.updatedForm ? [t('updated')] : [t('intro'), t('why')],
    action: { label: t('button'), url: values.link },
    after: [t('voluntary'), t('optOut')],
  };
}

export interface SurveyReminderValues {
  firstName: string;
  /** the portal's login page URL */
  link: string;
  /** MM/DD/YYYY, last day the questionnaires can be answered */
  closesOn: string;
}

/** Reminds a participant that study questionnaires are open and waiting for answers. */
export function surveyReminderMail(language: Language, values: SurveyReminderValues): MailContent {
  const t = translator(language, 'surveyReminder');
  return {
    subject: t('subject'),
    greeting: t('greeting', { name: values.firstName }),
    before: [t('intro'), t('action')],
    action: { label: t('button'), url: values.link },
    after: [t('closing', { date: values.closesOn }), t('thanks'), t('optOut')],
  };
}
