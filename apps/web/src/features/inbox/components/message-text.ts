import type { Language } from '@portal/shared/constants';
import { toUsDate } from '@portal/shared/dates';
import type { TInboxKind, TInboxMessage } from '@portal/shared/inbox/messages';
import type { TFunction } from '../../../lib/translator';

/** The catalog keys of each kind's title, text and link, and the page its link opens (a notice has none). */
const KIND_TEXTS: Record<Exclude<TInboxKind, 'notice'>, { title: string; body: string; link: string; to: string }> = {
  consentReminder: {
    title: 'inbox.kind.consentReminder.title',
    body: 'inbox.kind.consentReminder.body',
    link: 'inbox.kind.consentReminder.link',
    to: '/dashboard',
  },
  updatedConsentReminder: {
    title: 'inbox.kind.updatedConsentReminder.title',
    body: 'inbox.kind.updatedConsentReminder.body',
    link: 'inbox.kind.updatedConsentReminder.link',
    to: '/dashboard',
  },
  surveyReminder: {
    title: 'inbox.kind.surveyReminder.title',
    body: 'inbox.kind.surveyReminder.body',
    link: 'inbox.kind.surveyReminder.link',
    to: '/survey',
  },
  oneTimeInvitation: {
    title: 'inbox.kind.oneTimeInvitation.title',
    body: 'inbox.kind.oneTimeInvitation.body',
    link: 'inbox.kind.oneTimeInvitation.link',
    to: '/survey',
  },
};

export interface MessageText {
  title: string;
  /** Paragraphs. */
  body: string[];
  /** What the message asks for, inside the portal. */
  link?: { to: string; label: string };
}

const dateOf = (iso: string | undefined) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? toUsDate(iso) : '');

/**
 * A message as the participant reads it, in the language on screen: a notice in its own words (a blank line starts
 * a paragraph), any other kind in the catalog's, filled with its values (dates as MM/DD/YYYY).
 */
export function messageText(message: TInboxMessage, language: Language, t: TFunction): MessageText {
  if (message.kind === 'notice')
    return {
      title: message.title?.[language] ?? '',
      body: (message.body?.[language] ?? '')
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    };
  const texts = KIND_TEXTS[message.kind];
  const { params } = message;
  const survey = language === 'sp' ? params.titleSp : params.titleEn;
  const values = { closesOn: dateOf(params.closesOn), opensOn: dateOf(params.opensOn), survey: survey ?? '' };
  return {
    title: t(texts.title, values),
    body: [t(texts.body, values)],
    link: { to: texts.to, label: t(texts.link) },
  };
}
