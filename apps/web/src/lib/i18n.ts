import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@portal/shared/constants';
import { htmlLang, isLanguage, writeLanguageCookie } from './language';

/**
 * Each language's catalog is its own file, fetched when that language is used: a page load carries one
 * language, not both. The catalogs hold the same keys (a test checks), so no fallback language is needed.
 */
const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load =
      isLanguage(language) && language === 'sp'
        ? import('@portal/shared/i18n/sp.json')
        : import('@portal/shared/i18n/en.json');
    load.then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export async function initI18n(language: Language) {
  await i18next
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'sp'],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = htmlLang(language);
  return i18next;
}

/**
 * Switches the portal's language in place, without a reload (after a profile save, whose success message
 * must stay on screen): the catalog, the page's `lang` and the preferredLanguage cookie.
 */
export async function switchLanguage(language: Language) {
  writeLanguageCookie(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = htmlLang(language);
}
