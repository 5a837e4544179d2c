import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

/** The longest title and body of a study notice, in each language. */
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 5_000;

/** Message keys of the study notice calls. */
export const STUDY_NOTICE_MESSAGES = {
  titleRequired: 'studyNotices.errors.titleRequired',
  titleTooLong: 'studyNotices.errors.titleTooLong',
  bodyRequired: 'studyNotices.errors.bodyRequired',
  bodyTooLong: 'studyNotices.errors.bodyTooLong',
  titleControl: 'studyNotices.errors.titleControl',
  bodyControl: 'studyNotices.errors.bodyControl',
  healthSystemInvalid: 'studyNotices.errors.healthSystemInvalid',
  unknownHealthSystem: 'studyNotices.errors.unknownHealthSystem',
  noRecipients: 'studyNotices.errors.noRecipients',
} as const;
const M = STUDY_NOTICE_MESSAGES;

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
/**
 * A title is one line of plain text (it becomes the e-mail's subject): no control character, line breaks and tabs
 * included. A body may break lines but holds no NUL, which the database cannot store.
 */
// eslint-disable-next-line no-control-regex -- the rule is about these very characters
const CONTROL = /[\u0000-\u001F\u007F]/;
const title = text(NOTICE_TITLE_MAX, M.titleRequired, M.titleTooLong).refine((s) => !CONTROL.test(s), M.titleControl);
const body = text(NOTICE_BODY_MAX, M.bodyRequired, M.bodyTooLong).refine((s) => !s.includes('\u0000'), M.bodyControl);

export const POST_STUDY_NOTICES = call('POST', '/study-notices');

/**
 * `POST /study-notices`: a notice in English and Spanish (both required), to every participant (no
 * `healthSystemId`, or null) or to one health system's.
 */
export const ZStudyNoticeRequest = z.object({
  title: z.object({ en: title, sp: title }, { error: M.titleRequired }),
  body: z.object({ en: body, sp: body }, { error: M.bodyRequired }),
  healthSystemId: z.uuid({ error: M.healthSystemInvalid }).nullable().optional(),
});
export type TStudyNoticeRequest = z.output<typeof ZStudyNoticeRequest>;
export type TStudyNoticeInput = z.input<typeof ZStudyNoticeRequest>;

/** A posted notice: its texts, its audience (null: everyone), how many it reached, when and by whom. */
export const ZStudyNotice = z.object({
  id: z.string(),
  title: z.object({ en: z.string(), sp: z.string() }),
  body: z.object({ en: z.string(), sp: z.string() }),
  healthSystemId: z.string().nullable(),
  healthSystemName: z.string().nullable(),
  recipients: z.number().int(),
  postedAt: z.string(),
  postedBy: z.string(),
});
export type TStudyNotice = z.infer<typeof ZStudyNotice>;

/** The reply of posting: the notice, with how many participants it went to. */
export const ZStudyNoticeReply = envelope(ZStudyNotice);

export const GET_STUDY_NOTICES = call('GET', '/study-notices');

export const STUDY_NOTICE_PAGE_SIZES = [10, 25, 50] as const;

/** `GET /study-notices?page&size`: the posted notices, the newest first, a page at a time. */
export const ZStudyNoticesQuery = pageQuery({
  sizes: STUDY_NOTICE_PAGE_SIZES,
  // The list has one order (newest first); pageQuery asks for one, and `sort` is then left out.
  sortFields: ['postedAt'],
  defaultSort: { field: 'postedAt', direction: 'desc' },
  defaultSize: 10,
}).omit({ sort: true });
export type TStudyNoticesQuery = z.output<typeof ZStudyNoticesQuery>;

export const ZStudyNoticesPage = pageOf(ZStudyNotice);
export type TStudyNoticesPage = z.infer<typeof ZStudyNoticesPage>;
export const ZStudyNoticesReply = envelope(ZStudyNoticesPage);

export const GET_STUDY_NOTICE_AUDIENCES = call('GET', '/study-notices/audiences');

/** Who a notice can go to, with how many participants each audience holds now (the confirmation's count). */
export const ZNoticeAudiences = z.object({
  everyone: z.number().int(),
  healthSystems: z.array(z.object({ id: z.string(), name: z.string(), recipients: z.number().int() })),
});
export type TNoticeAudiences = z.infer<typeof ZNoticeAudiences>;
export const ZNoticeAudiencesReply = envelope(ZNoticeAudiences);
