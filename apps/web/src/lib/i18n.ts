import type { Language } from '@portal/shared/constants';
import { htmlLang, writeLanguageCookie } from './language';
import { createTranslator } from './translator';

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
/** The parts of each language loaded or on the way; a part that failed to load is tried again next time. */
const firstLoads = new Map<Language, Promise<void>>();
const restLoads = new Map<Language, Promise<void>>();
const wholeLoads = new Map<Language, Promise<void>>();

/** One promise per language and part while it loads and once it is in; forgotten when it fails. */
function loadOnce(loads: Map<Language, Promise<void>>, language: Language, load: () => Promise<void>) {
  let loading = loads.get(language);
  if (!loading) {
    const started = load();
    loads.set(language, (loading = started));
    started.catch(() => {
      if (loads.get(language) === started) loads.delete(language);
    });
  }
  return loading;
}

const loadPart = (loads: Map<Language, Promise<void>>, language: Language, part: (language: Language) => CatalogPart) =>
  loadOnce(loads, language, () => part(language).then(({ default: texts }) => i18n.addTexts(language, texts)));

/** Every text of `language`: the same promise for as long as it loads and once it is in. */
export const loadWholeLanguage = (language: Language): Promise<void> =>
  loadOnce(wholeLoads, language, () =>
    Promise.all([loadPart(firstLoads, language, firstPart), loadPart(restLoads, language, restPart)]).then(() => {}),
  );

/** The portal's texts, in the language on screen. */
export const i18n = createTranslator('en', (language) =>
  wholeCatalogWanted ? loadWholeLanguage(language) : loadPart(firstLoads, language, firstPart),
);

/**
 * Makes every text of the language on screen available (and of any language switched to later): the pages
 * other than the landing page wait for it beside their code.
 */
export function loadWholeCatalog(): Promise<void> {
  wholeCatalogWanted = true;
  return loadWholeLanguage(i18n.language);
}

export async function initI18n(language: Language) {
  await i18n.changeLanguage(language);
  document.documentElement.lang = htmlLang(language);
  return i18n;
}

/**
 * Switches the portal's language in place, without a reload (after a profile save, whose success message
 * must stay on screen): the catalog, the page's `lang` and the preferredLanguage cookie.
 */
export async function switchLanguage(language: Language) {
  writeLanguageCookie(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = htmlLang(language);
}

/** A module loaded on demand together with every text of the language on screen, for a part the landing page lacks. */
export function withWholeCatalog<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadWholeCatalog()]).then(([module]) => module);
}
