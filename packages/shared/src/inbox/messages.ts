import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

/**
 * What an inbox message is: a consent reminder (first consent, or an updated form), a survey reminder, a one-time
 * survey invitation, or a study notice staff posted. The texts of the first four are the web app's (in the language
 * the participant reads the portal in), filled with the message's `params`; a notice carries its own, in both.
 */
export const INBOX_KINDS = [
  'consentReminder',
  'updatedConsentReminder',
  'surveyReminder',
  'oneTimeInvitation',
  'notice',
] as const;
export type TInboxKind = (typeof INBOX_KINDS)[number];

/**
 * The values each kind's text needs, all strings: a survey reminder's `closesOn` and a one-time invitation's
 * `opensOn`/`closesOn` are calendar days (YYYY-MM-DD); a one-time invitation names its survey in both languages.
 */
export interface InboxParams {
  consentReminder: Record<string, never>;
  updatedConsentReminder: Record<string, never>;
  surveyReminder: { closesOn: string };
  oneTimeInvitation: { surveyId: string; titleEn: string; titleSp: string; opensOn: string; closesOn: string };
  notice: Record<string, never>;
}

export const INBOX_MESSAGES = {
  notFound: 'inbox.notFound',
} as const;

export const MESSAGE_PAGE_SIZES = [10, 25, 50] as const;

export const GET_MESSAGES = call('GET', '/messages');

/** `GET /messages?page&size`: the participant's messages, the newest first. */
export const ZMessagesQuery = pageQuery({
  sizes: MESSAGE_PAGE_SIZES,
  sortFields: ['createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  defaultSize: 10,
}).omit({ sort: true });
export type TMessagesQuery = z.output<typeof ZMessagesQuery>;

const ZBothLanguages = z.object({ en: z.string(), sp: z.string() });

/** One message: what it is, what its text needs, a notice's own title and body, when it came, whether it was read. */
export const ZInboxMessage = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  params: z.record(z.string(), z.string()),
  /** A notice's title and body in both languages; null for the other kinds. */
  title: ZBothLanguages.nullable(),
  body: ZBothLanguages.nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TInboxMessage = z.infer<typeof ZInboxMessage>;

/** A page of messages, with how many of all the participant's messages are unread. */
export const ZMessagesPage = pageOf(ZInboxMessage).extend({ unread: z.number().int() });
export type TMessagesPage = z.infer<typeof ZMessagesPage>;
export const ZMessagesReply = envelope(ZMessagesPage);

export const GET_MESSAGES_UNREAD_COUNT = call('GET', '/messages/unread-count');

/** `GET /messages/unread-count`: how many of the participant's messages are unread (the header's count). */
export const ZUnreadCount = z.object({ unread: z.number().int() });
export const ZUnreadCountReply = envelope(ZUnreadCount);

export const PUT_MESSAGE_READ = call('PUT', '/messages/:id/read');

/** `PUT /messages/:id/read`: marks one of the participant's own messages read (again: no change); the new count. */
export const ZMessageReadParams = z.object({ id: z.uuid({ error: INBOX_MESSAGES.notFound }) });
export const ZMessageReadReply = envelope(ZUnreadCount);
