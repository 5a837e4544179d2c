import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@portal/shared/constants';
import { htmlLang, isLanguage, writeLanguageCookie } from './language';

type CatalogPart = Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's texts are two files, fetched when that language is used: the first part holds what the shell
 * and the landing page show, the rest what every other page shows. A page load carries one language, not both,
 * and the landing page only the first part. The catalogs hold the same keys (a test checks), so no fallback
 * language is needed.
 */
const firstPart = (language: Language): CatalogPart =>
  language === 'sp' ? import('virtual:catalog/first-sp') : import('virtual:catalog/first-en');
const restPart = (language: Language): CatalogPart =>
  language === 'sp' ? import('virtual:catalog/rest-sp') : import('virtual:catalog/rest-en');

/** Set once a page other than the landing page opens: from then on a language loads whole. */
let wholeCatalogWanted = false;
/** The rest of a language's texts, loaded or on the way. */
const restLoads = new Map<Language, Promise<void>>();

const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(name, _namespace, callback) {
    const language: Language = isLanguage(name) ? name : 'en';
    const whole = wholeCatalogWanted;
    const done = Promise.all(whole ? [firstPart(language), restPart(language)] : [firstPart(language)]).then(
      (modules) => callback(null, Object.assign({}, ...modules.map((module) => module.default))),
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        callback(failure, null);
        throw failure;
      },
    );
    if (whole) restLoads.set(language, done); // settles once i18next holds the texts
    done.catch(() => {
      if (restLoads.get(language) === done) restLoads.delete(language); // a later page tries again
    });
  },
};

/** Adds the rest of `language`'s texts to those already loaded, once. */
function loadRest(language: Language): Promise<void> {
  let load = restLoads.get(language);
  if (!load) {
    load = restPart(language).then(({ default: texts }) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
    });
    const loading = load;
    restLoads.set(language, loading);
    loading.catch(() => {
      if (restLoads.get(language) === loading) restLoads.delete(language); // a later page tries again
    });
  }
  return load;
}

/**
 * Makes every text of the language on screen available (and of any language switched to later): the pages
 * other than the landing page wait for it beside their code.
 */
export function loadWholeCatalog(): Promise<void> {
  wholeCatalogWanted = true;
  const language = i18next.language;
  return isLanguage(language) ? loadRest(language) : Promise.resolve();
}

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
  // A language loaded before holds only what was wanted then; the page on screen needs every text at once.
  if (wholeCatalogWanted && i18next.hasResourceBundle(language, 'translation')) await loadRest(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = htmlLang(language);
}

/** A module loaded on demand together with every text of the language on screen, for a part the landing page lacks. */
export function withWholeCatalog<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadWholeCatalog()]).then(([module]) => module);
}
