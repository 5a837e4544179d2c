import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_EXTERNALIZATION_LANGUAGES = call('GET', '/externalization/languages');

/** `GET /externalization/languages`: name/code pairs. */
export const ZLanguageOption = z.object({ name: z.string(), code: z.string() });
export type TLanguageOption = z.infer<typeof ZLanguageOption>;
export const ZLanguagesReply = envelope(z.array(ZLanguageOption));

export const FALLBACK_LANGUAGES: TLanguageOption[] = [
  { name: 'English', code: 'en' },
  { name: 'Spanish', code: 'sp' },
];
