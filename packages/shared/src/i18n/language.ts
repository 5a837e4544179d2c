import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or sent language, or the default (English) when it is none of ours. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The portal calls Spanish `sp`; HTML, e-mail and assistive technology need the real tag `es`. */
export function htmlLang(language: Language): string {
  return language === 'sp' ? 'es' : 'en';
}
