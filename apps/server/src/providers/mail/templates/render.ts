import type { Language } from '@portal/shared/constants';
import type { TContactSettings } from '@portal/shared/client-config';
import type { LeavableMailCategory } from '@portal/shared/mail/categories';
import { htmlLang } from '@portal/shared/i18n/language';
import { makeTranslator } from '../../../lib/localize';
import en from './en.json';
import sp from './sp.json';

export const translateMail = makeTranslator({ en, sp });

/** What a template says, before it is laid out as text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  before: string[];
  action?: { label: string; url: string };
  /** A one-time code, shown large on a line of its own. */
  code?: string;
  after: string[];
}

/** The last line of a message of a category one may leave: the link to the page that stops them. */
export interface MailFooter {
  category: LeavableMailCategory;
  url: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Every link in the message, printed to the log by the outbox. */
  links: string[];
  /** The one-time code of the message, if any, printed to the log by the outbox. */
  code?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Lays a message out twice: plain text, and simple HTML that reads well in any client and with a screen
 * reader (language set, one heading, a real link with its purpose in its text, high-contrast colours).
 */
export function renderMail(
  language: Language,
  content: MailContent,
  contact: TContactSettings,
  footer?: MailFooter,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) => translateMail(language, key, values);
  const contactLine = t('layout.contact', {
    phone: contact.phone,
    extension: contact.extension,
    hours: contact.hours[language],
    email: contact.email,
  });
  const closing = [t('layout.signature'), '', contactLine, t('layout.automated')];
  const action = content.action;
  const stop = footer && {
    question: t(`unsubscribe.${footer.category}Question`),
    link: t(`unsubscribe.${footer.category}Link`),
    url: footer.url,
  };

  const text = [
    content.greeting,
    '',
    ...content.before.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(content.code ? [content.code, ''] : []),
    ...content.after.flatMap((p) => [p, '']),
    ...closing,
    ...(stop ? ['', `${stop.question} ${stop.link}: ${stop.url}`] : []),
  ].join('\n');

  // A paragraph's own line breaks (a study notice's, as staff typed it) stay breaks: each line escaped, then `<br>`.
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${p.split('\n').map(escapeHtml).join('<br>')}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b4f8a;color:#ffffff;` +
      `padding:14px 24px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">` +
      `${escapeHtml(action.label)}</a></p>` +
      paragraph(t('layout.linkFallback')) +
      `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#0b4f8a">` +
      `${escapeHtml(action.url)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${htmlLang(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:18px;line-height:1.5">` +
    `<div role="article" aria-label="${escapeHtml(content.subject)}" style="max-width:600px;margin:0 auto">` +
    `<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(content.subject)}</h1>` +
    paragraph(content.greeting) +
    content.before.map(paragraph).join('') +
    button +
    (content.code
      ? `<p style="margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:monospace">` +
        `${escapeHtml(content.code)}</p>`
      : '') +
    content.after.map(paragraph).join('') +
    `<hr style="border:none;border-top:1px solid #767676;margin:24px 0">` +
    paragraph(t('layout.signature')) +
    `<p style="margin:0 0 8px;font-size:16px">${escapeHtml(contactLine)}</p>` +
    `<p style="margin:0;font-size:16px">${escapeHtml(t('layout.automated'))}</p>` +
    (stop
      ? `<p style="margin:16px 0 0;font-size:16px">${escapeHtml(stop.question)} ` +
        `<a href="${escapeHtml(stop.url)}" style="color:#0b4f8a">${escapeHtml(stop.link)}</a></p>`
      : '') +
    `</div></body></html>`;

  return { subject: content.subject, text, html, links: action ? [action.url] : [], code: content.code };
}
