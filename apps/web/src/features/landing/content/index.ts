import { use } from 'react';
import { i18n } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import { loadLandingContent, type LandingContent } from '@portal/shared/content/landing';

export type { LandingContent };

/** A load that React's `use` reads at once when it has finished, without suspending the page again. */
type Loading = Promise<LandingContent> & { status?: 'fulfilled'; value?: LandingContent };
const loads = new Map<Language, Loading>();

/** The landing texts are English unless Spanish is on screen. */
const landingLanguage = (language: string | undefined): Language => (language === 'sp' ? 'sp' : 'en');

/**
 * Starts loading the landing texts of `language` (by default the language on screen), once per page load; the
 * route starts it beside the page's own code, so neither waits for the other. Only the language on screen is
 * loaded, the other when it is chosen.
 */
export function preloadLandingContent(language: Language = landingLanguage(i18n.language)): Promise<LandingContent> {
  let load = loads.get(language);
  if (!load) {
    load = loadLandingContent(language) as Loading;
    const settled = load;
    settled.then(
      (content) => Object.assign(settled, { status: 'fulfilled', value: content }),
      () => loads.delete(language), // a failed download is tried again on the next render
    );
    loads.set(language, settled);
  }
  return load;
}

/** The landing texts in the language on screen (English unless Spanish is chosen); suspends until they are loaded. */
export function useLandingContent(): LandingContent {
  const { i18n } = useTranslation();
  return use(preloadLandingContent(landingLanguage(i18n.language)));
}
