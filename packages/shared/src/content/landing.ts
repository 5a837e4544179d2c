import type { Language } from '../constants';
import type en from './landing/en.json';

/** Every text of the public landing page (study story, FAQs, sponsors, partners, media room); same shape in both. */
export type LandingContent = typeof en;

/** Each language's landing texts are a module of their own, loaded when that language is read. */
export function loadLandingContent(language: Language): Promise<LandingContent> {
  const load = language === 'sp' ? import('./landing/sp.json') : import('./landing/en.json');
  return load.then((module) => module.default);
}
