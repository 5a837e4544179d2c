import { z } from 'zod';
import { envelope } from '../api/envelope';
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
  healthSystemInvalid: 'studyNotices.errors.healthSystemInvalid',
  unknownHealthSystem: 'studyNotices.errors.unknownHealthSystem',
  noRecipients: 'studyNotices.errors.noRecipients',
} as const;
const M = STUDY_NOTICE_MESSAGES;

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const title = text(NOTICE_TITLE_MAX, M.titleRequired, M.titleTooLong);
const body = text(NOTICE_BODY_MAX, M.bodyRequired, M.bodyTooLong);

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

/** `GET /study-notices`: every posted notice, the newest first. */
export const ZStudyNoticesReply = envelope(z.array(ZStudyNotice));

export const GET_STUDY_NOTICE_AUDIENCES = call('GET', '/study-notices/audiences');

/** Who a notice can go to, with how many participants each audience holds now (the confirmation's count). */
export const ZNoticeAudiences = z.object({
  everyone: z.number().int(),
  healthSystems: z.array(z.object({ id: z.string(), name: z.string(), recipients: z.number().int() })),
});
export type TNoticeAudiences = z.infer<typeof ZNoticeAudiences>;
export const ZNoticeAudiencesReply = envelope(ZNoticeAudiences);
