import { z } from 'zod';
import { ZStudyNoticeRequest } from '@portal/shared/inbox/notices';

/** The form's values: the texts, and the audience as the select holds it ('' for everyone). */
export const ZNoticeForm = ZStudyNoticeRequest.omit({ healthSystemId: true }).extend({ audience: z.string() });
export type TNoticeForm = z.input<typeof ZNoticeForm>;

export const EMPTY_NOTICE: TNoticeForm = { title: { en: '', sp: '' }, body: { en: '', sp: '' }, audience: '' };

/** The fields the server's refusals may name, placed under their boxes; any other refusal shows above the form. */
export const NOTICE_FIELDS = ['title.en', 'title.sp', 'body.en', 'body.sp'] as const;
