import type { Language } from '@portal/shared/constants';
import type { MailContent } from './render';
import { translateMail } from './render';

export interface StudyNoticeValues {
  firstName: string;
  /** The notice's title and body in the participant's language, as staff wrote them. */
  title: string;
  body: string;
  /** The portal's Messages page, where the notice is kept. */
  link: string;
}

/** A study notice staff posted, e-mailed to each participant it went to; a blank line starts a new paragraph. */
export function studyNoticeMail(language: Language, values: StudyNoticeValues): MailContent {
  const t = (key: string, v?: Record<string, string>) => translateMail(language, `studyNotice.${key}`, v);
  const paragraphs = values.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    subject: t('subject', { title: values.title }),
    greeting: t('greeting', { name: values.firstName }),
    before: [t('intro'), values.title, ...paragraphs],
    action: { label: t('button'), url: values.link },
    after: [t('inPortal')],
  };
}
