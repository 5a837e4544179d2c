import { z } from 'zod';
import { envelope } from '../api/envelope';

/** `GET /externalization/languages`: name/code pairs. */
export const ZLanguageOption = z.object({ name: z.string(), code: z.string() });
export type TLanguageOption = z.infer<typeof ZLanguageOption>;
export const ZLanguagesReply = envelope(z.array(ZLanguageOption));

export const FALLBACK_LANGUAGES: TLanguageOption[] = [
  { name: 'English', code: 'en' },
  { name: 'Spanish', code: 'sp' },
];
